import type { FastifyRequest } from 'fastify';
import { tokenAnswerSchema } from '../../shared/auth/auth-contract';
import {
  twoFactorEnableSchema,
  twoFactorEnabledSchema,
  twoFactorRemoveSchema,
  twoFactorSetupAnswerSchema,
  twoFactorSetupSchema,
} from '../../shared/auth/account-contract';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import { currentAccount, type Guards } from './guards';
import { verifyPassword } from './passwords';
import { startLoginAttempt } from './login-attempts';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  recoveryCodeHash,
} from './totp';
import type { User } from './user-repository';
import { accountChecks, type TwoFactorRouteDeps } from './account-checks';
import { apiPaths } from '../../shared/http/api-routes';

/** Set-up and activation take a bearer token (and the password), or a login's challenge in the body. */
const signedInOrChallenge: { [scheme: string]: string[] }[] = [{ bearer: [] }, {}];

/** What the second factor's routes use of the server's parts (see app-context.ts). */

/**
 * Setting up two-step verification and turning it on, with its recovery codes
 * (docs/security.md#two-step-verification). Outside the admin scope: a login that must set it up
 * first has no session yet, only its challenge; a signed-in caller is checked here instead.
 */
export function twoFactorRoutes(
  app: Api,
  context: TwoFactorRouteDeps,
  guards: Pick<Guards, 'requireStaff'>,
): void {
  const { tokens, limiters, accounts } = context;
  const { confirmPassword, challengedAccount } = accountChecks(context);

  /** Who is enrolling: the signed-in administrator or team member, or the one a set-up challenge names. */
  const enrollingAccount = async (
    request: FastifyRequest,
    challenge: string | undefined,
  ): Promise<{ user: User; duringLogin: boolean }> => {
    if (challenge !== undefined) {
      return { user: await challengedAccount(challenge, 'two-factor-setup'), duringLogin: true };
    }
    await guards.requireStaff(request);
    return { user: currentAccount(request), duringLogin: false };
  };

  app.post(
    apiPaths.twoFactorSetup.pattern,
    {
      schema: {
        tags: ['account'],
        operationId: 'startTwoFactorSetup',
        summary: 'Start setting up two-step verification: a new secret and its QR code',
        description:
          'Signed in with the current password, or with the challenge of a login that must set it up first. The secret does not guard the login until a code from it is entered (POST /auth/two-factor/enable).',
        security: signedInOrChallenge,
        body: twoFactorSetupSchema,
        response: { 200: twoFactorSetupAnswerSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { challenge, password } = request.body;
      const { user, duringLogin } = await enrollingAccount(request, challenge);
      if (!duringLogin && !(await confirmPassword(request, reply, user, password))) return reply;
      const secret = newTotpSecret();
      if (!(await accounts.startTwoFactorSetup(user.id, secret))) {
        throw new HttpError(409, messages.twoFactorAlreadyOn);
      }
      const uri = otpauthUri(secret, user.email);
      return { secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
    },
  );

  app.post(
    apiPaths.twoFactorEnable.pattern,
    {
      schema: {
        tags: ['account'],
        operationId: 'enableTwoFactor',
        summary: 'Turn two-step verification on with a first code; answers ten recovery codes, once',
        description:
          'Signed in with the current password, or with the challenge of a login that must set it up first; then the answer also carries the session token.',
        security: signedInOrChallenge,
        body: twoFactorEnableSchema,
        response: { 200: twoFactorEnabledSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { code, challenge, password } = request.body;
      const { user, duringLogin } = await enrollingAccount(request, challenge);
      if (!duringLogin && password === undefined) throw new HttpError(400, messages.currentPasswordRequired);
      const status = await accounts.twoFactorStatus(user.id);
      if (status.enabled) throw new HttpError(409, messages.twoFactorAlreadyOn);
      if (!status.secret) throw new HttpError(400, messages.twoFactorNotStarted);
      // The password and the code are one try at the account's secrets, counted as one login.
      const attempt = await startLoginAttempt(limiters, request, reply, user.email);
      if (!attempt) return reply;
      if (!duringLogin && !(await verifyPassword(user.passwordHash, password ?? ''))) {
        await attempt.failed();
        throw new HttpError(400, messages.currentPasswordWrong);
      }
      const step = matchingStep(status.secret, code);
      if (step === null) {
        await attempt.failed();
        throw new HttpError(400, messages.twoFactorCodeWrong);
      }
      await attempt.succeeded();
      const recoveryCodes = newRecoveryCodes();
      const enabled = await accounts.enableTwoFactor(
        user.id,
        status.secret,
        step,
        recoveryCodes.map(recoveryCodeHash),
        request.ip,
      );
      if (!enabled) throw new HttpError(400, messages.twoFactorNotStarted);
      return duringLogin ? { recoveryCodes, token: await tokens.issue(user) } : { recoveryCodes };
    },
  );
}

/** Turning two-step verification off: registered in the account scope (auth/admin-scope.ts). */
export function twoFactorAdminRoutes(app: Api, context: TwoFactorRouteDeps): void {
  const { tokens, accounts } = context;
  const { confirmPassword } = accountChecks(context);

  app.delete(
    apiPaths.twoFactor.pattern,
    {
      schema: {
        tags: ['account'],
        operationId: 'disableTwoFactor',
        summary: 'Turn two-step verification off (with your password); every other session is signed out',
        body: twoFactorRemoveSchema,
        response: { 200: tokenAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = currentAccount(request);
      if (!(await confirmPassword(request, reply, user, request.body.password))) return reply;
      const removed = await accounts.removeTwoFactor(user.id, 'two-factor-removed', request.ip);
      if (!removed) throw new HttpError(400, messages.twoFactorNotOn);
      return { token: await tokens.issue(removed) };
    },
  );
}
