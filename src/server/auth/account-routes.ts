import { tokenAnswerSchema } from '../../shared/auth/auth-contract';
import { accountAnswerSchema, changePasswordSchema } from '../../shared/auth/account-contract';
import { isAdjustmentsContact } from '../../shared/adjustments/adjustments-contract';
import { plainAckSchema } from '../../shared/http/acknowledgements';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { AccountRepository } from './account-repository';
import type { Config } from '../config';
import { currentAccount, currentUser } from './guards';
import { hashPassword } from './passwords';
import { newPasswordProblem } from './password-strength';
import { accountChecks, type AccountCheckDeps } from './account-checks';
import { apiPaths } from '../../shared/http/api-routes';

/** What the account routes use of the server's parts (see app-context.ts). */
export interface AccountRouteDeps extends AccountCheckDeps {
  accounts: AccountRepository;
  config: Pick<Config, 'requireAdmin2fa' | 'adjustmentsContactEmail'>;
}

/**
 * A signed-in administrator's or team member's own account (docs/security.md#accounts): change
 * the password, sign out everywhere, and the account screen's summary with its events. Registered
 * in the account scope (auth/admin-scope.ts): only they can sign in. Reset links are in
 * password-reset-routes.ts, the second factor in two-factor-routes.ts.
 */
export function accountRoutes(app: Api, context: AccountRouteDeps): void {
  const { tokens, accounts, config } = context;
  const { confirmPassword } = accountChecks(context);

  app.post(
    apiPaths.changePassword.pattern,
    {
      schema: {
        tags: ['account'],
        operationId: 'changePassword',
        summary: 'Change your password; every other session is signed out',
        description:
          'Administrators and the hiring team need at least 12 characters and a password a strength estimator does not find guessable. Answers a new token for this device: tokens issued before are refused from now on.',
        body: changePasswordSchema,
        response: { 200: tokenAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const user = currentAccount(request);
      if (!(await confirmPassword(request, reply, user, currentPassword))) return reply;
      if (newPassword === currentPassword) throw new HttpError(400, messages.passwordUnchanged);
      const problem = await newPasswordProblem(newPassword, user);
      if (problem) throw new HttpError(400, problem);
      const changed = await accounts.changePassword(user.id, await hashPassword(newPassword), request.ip);
      if (!changed) throw new HttpError(401, messages.authRequired);
      return { token: await tokens.issue(changed) };
    },
  );

  app.post(
    apiPaths.signOutEverywhere.pattern,
    {
      schema: {
        tags: ['account'],
        operationId: 'signOutEverywhere',
        summary: 'Sign out of all devices, this one included',
        response: { 200: plainAckSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await accounts.signOutEverywhere(currentUser(request).id, request.ip);
      return { acknowledged: true };
    },
  );

  app.get(
    apiPaths.account.pattern,
    {
      schema: {
        tags: ['account'],
        operationId: 'getAccount',
        summary:
          'Your account: two-step verification, whether you are the adjustments contact, and the latest account events',
        response: { 200: accountAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [secondFactor, recoveryCodesLeft, events] = await Promise.all([
        accounts.twoFactorStatus(user.id),
        accounts.recoveryCodesLeft(user.id),
        accounts.latestEvents(user.id),
      ]);
      return {
        email: user.email,
        name: user.name,
        twoFactorEnabled: secondFactor.enabled,
        twoFactorRequired: config.requireAdmin2fa,
        recoveryCodesLeft: secondFactor.enabled ? recoveryCodesLeft : 0,
        adjustmentsContact: isAdjustmentsContact(user.email, config.adjustmentsContactEmail),
        events,
      };
    },
  );
}
