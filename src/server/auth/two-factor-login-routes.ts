import { tokenAnswerSchema } from '../../shared/auth/auth-contract';
import { twoFactorVerifySchema } from '../../shared/auth/account-contract';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import { startLoginAttempt } from './login-attempts';
import { matchingStep, recoveryCodeHash } from './totp';
import { accountChecks, type TwoFactorRouteDeps } from './account-checks';
import { apiPaths } from '../../shared/http/api-routes';

/**
 * A login's second step: the challenge POST /login answered, with a code from the authenticator
 * app or one of the recovery codes (docs/security.md#two-step-verification).
 */
export function twoFactorLoginRoutes(app: Api, context: TwoFactorRouteDeps): void {
  const { tokens, limiters, accounts } = context;
  const { challengedAccount } = accountChecks(context);

  app.post(
    apiPaths.twoFactorVerify.pattern,
    {
      schema: {
        tags: ['account'],
        operationId: 'verifyTwoFactorLogin',
        summary: "A login's second step: the code from the app, or a recovery code",
        description:
          'Takes the challenge POST /login answered. Wrong codes count towards the login limits; a code is taken once, and a recovery code once ever.',
        body: twoFactorVerifySchema,
        response: { 200: tokenAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { challenge, code, recoveryCode } = request.body;
      const user = await challengedAccount(challenge, 'two-factor');
      const attempt = await startLoginAttempt(limiters, request, reply, user.email);
      if (!attempt) return reply;
      const status = await accounts.twoFactorStatus(user.id);
      let accepted = false;
      if (status.enabled && status.secret && code !== undefined) {
        const step = matchingStep(status.secret, code);
        accepted = step !== null && (await accounts.useStep(user.id, step));
      } else if (status.enabled && recoveryCode !== undefined) {
        accepted = await accounts.useRecoveryCode(user.id, recoveryCodeHash(recoveryCode));
      }
      if (!accepted) {
        await attempt.failed();
        throw new HttpError(
          401,
          code !== undefined ? messages.twoFactorCodeWrong : messages.recoveryCodeWrong,
        );
      }
      await attempt.succeeded();
      return { token: await tokens.issue(user) };
    },
  );
}
