import {
  forgotPasswordSchema,
  messageAnswerSchema,
  passwordSetAnswerSchema,
  resetPasswordSchema,
  type PasswordSetAnswer,
} from '../../shared/auth/account-contract';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { consume, limitByIp, type RateLimiters } from '../http/rate-limit';
import { digest, emailLimitKey, newSecretToken } from '../http/secret-token';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { MailOptions } from '../email/mail-options';
import type { Mailer } from '../email/mailer';
import type { AccountRepository } from './account-repository';
import type { UserRepository } from './user-repository';
import { hashPassword } from './passwords';
import { newPasswordProblem } from './password-strength';
import { passwordResetEmail, RESET_LINK_LIFETIME_MINUTES } from './password-reset-email';
import { screens } from '../../shared/site/screen-routes';
import { roleOf } from './guards';
import { sessionAnswer, type SessionAnswerDeps } from './session-answer';
import { apiPaths } from '../../shared/http/api-routes';

/** What the password reset routes use of the server's parts (see app-context.ts). */
export interface PasswordResetRouteDeps extends SessionAnswerDeps {
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
    apiPaths.forgotPassword.pattern,
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
    apiPaths.resetPassword.pattern,
    {
      onRequest: limitByIp(limiters.resetPasswordByIp),
      schema: {
        tags: ['account'],
        operationId: 'resetPassword',
        summary: 'Set a new password with the token of a reset link; every session is signed out',
        description:
          "Answers the account's address, for the login form. A link sent as an invitation to the hiring team also signs its person in (token) when their login would answer a token; with a second factor to enter or set up, they log in.",
        body: resetPasswordSchema,
        response: { 200: passwordSetAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request): Promise<PasswordSetAnswer> => {
      const { token, newPassword } = request.body;
      const tokenHash = digest(token);
      const userId = await accounts.usableReset(tokenHash);
      const user = userId ? await users.findById(userId) : undefined;
      if (!user) throw new HttpError(400, messages.resetLinkInvalid);
      // A refused password leaves the link working, so the user can try another.
      const problem = await newPasswordProblem(newPassword, user);
      if (problem) throw new HttpError(400, problem);
      const done = await accounts.completeReset(tokenHash, await hashPassword(newPassword), request.ip);
      if (!done) throw new HttpError(400, messages.resetLinkInvalid);
      const { email } = done.user;
      const role = roleOf(done.user);
      if (done.purpose !== 'invitation' || (role !== 'hiring-manager' && role !== 'interviewer')) {
        return { message: messages.passwordResetDone, email };
      }
      // The link came to their address and has just been used once: as good a proof as the
      // password it set, so the person goes straight to their work. A second factor still asks
      // for its own step, as a login would, with the same short-lived challenge
      // (docs/security.md#the-hiring-team).
      const answer = await sessionAnswer(done.user, context);
      if ('token' in answer) return { message: messages.invitationAccepted, email, token: answer.token };
      return {
        message: messages.invitationAcceptedLogIn,
        email,
        secondStep: {
          kind: 'twoFactorRequired' in answer ? 'verify' : 'setup',
          challenge: answer.challenge,
        },
      };
    },
  );
}
