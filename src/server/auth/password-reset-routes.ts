import {
  forgotPasswordSchema,
  messageAnswerSchema,
  resetPasswordSchema,
} from '../../shared/auth/account-contract';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { consume, limitByIp, type RateLimiters } from '../http/rate-limit';
import { digest, emailLimitKey, newSecretToken } from '../http/secret-token';
import { errorResponses, type Api } from '../http/route-types';
import type { MailOptions } from '../email/mail-options';
import type { Mailer } from '../email/mailer';
import type { AccountRepository } from './account-repository';
import type { UserRepository } from './user-repository';
import { hashPassword } from './passwords';
import { newPasswordProblem } from './password-strength';
import { passwordResetEmail, RESET_LINK_LIFETIME_MINUTES } from '../email/templates/password-reset-email';
import { screens } from '../../shared/site/screen-routes';

/** What the password reset routes use of the server's parts (see app-context.ts). */
export interface PasswordResetRouteDeps {
  users: UserRepository;
  limiters: RateLimiters;
  accounts: AccountRepository;
  mailer: Mailer;
  mail: MailOptions;
}

/** A forgotten password: the reset link by e-mail, then a new password with it (docs/security.md#password-reset-by-e-mail). */
export function passwordResetRoutes(app: Api, context: PasswordResetRouteDeps): void {
  const { users, limiters, accounts, mailer, mail } = context;

  app.post(
    '/auth/forgot-password',
    {
      onRequest: limitByIp(limiters.forgotPasswordByIp, messages.forgotPasswordRateLimited),
      schema: {
        tags: ['account'],
        operationId: 'requestPasswordReset',
        summary: 'E-mail a password reset link to an account',
        description:
          'The same answer whether or not an account has the address. The link goes to the address stored for the account and works once, for 30 minutes.',
        body: forgotPasswordSchema,
        response: { 202: messageAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // Counted for the address whether or not it has an account, so a refusal tells nothing.
      if (
        !(await consume(
          limiters.forgotPasswordByEmail,
          emailLimitKey(email),
          reply,
          messages.forgotPasswordRateLimited,
        ))
      ) {
        return reply;
      }
      // Not waited for: the answer must take as long whether or not the account exists, so the
      // lookup, the link and the e-mail all happen after it.
      const sendLink = async () => {
        const user = await users.findByEmail(email);
        if (!user) return;
        const { token, hash } = newSecretToken();
        await accounts.createReset(user.id, hash, RESET_LINK_LIFETIME_MINUTES * 60_000);
        await mailer.send(
          passwordResetEmail(user, `${mail.publicUrl}${screens.resetPassword.path({ token })}`, mail),
        );
      };
      sendLink().catch((error: unknown) => {
        request.log.error(
          { reason: error instanceof Error ? error.message : String(error) },
          'password reset e-mail not sent',
        );
      });
      return reply.code(202).send({ message: messages.forgotPasswordSent });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      onRequest: limitByIp(limiters.resetPasswordByIp),
      schema: {
        tags: ['account'],
        operationId: 'resetPassword',
        summary: 'Set a new password with the token of a reset link; every session is signed out',
        body: resetPasswordSchema,
        response: { 200: messageAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { token, newPassword } = request.body;
      const tokenHash = digest(token);
      const userId = await accounts.usableReset(tokenHash);
      const user = userId ? await users.findById(userId) : undefined;
      if (!user) throw new HttpError(400, messages.resetLinkInvalid);
      // A refused password leaves the link working, so the user can try another.
      const problem = await newPasswordProblem(newPassword, user);
      if (problem) throw new HttpError(400, problem);
      if (!(await accounts.completeReset(tokenHash, await hashPassword(newPassword), request.ip))) {
        throw new HttpError(400, messages.resetLinkInvalid);
      }
      return { message: messages.passwordResetDone };
    },
  );
}
