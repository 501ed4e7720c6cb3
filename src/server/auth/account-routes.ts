import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenAnswerSchema } from '../../shared/auth/auth-contract';
import {
  accountAnswerSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  messageAnswerSchema,
  resetPasswordSchema,
  twoFactorEnableSchema,
  twoFactorEnabledSchema,
  twoFactorRemoveSchema,
  twoFactorSetupAnswerSchema,
  twoFactorSetupSchema,
  twoFactorVerifySchema,
} from '../../shared/auth/account-contract';
import { plainAckSchema } from '../../shared/http/acknowledgements';
import { messages } from '../../shared/messages';
import { siteConfig } from '../../shared/site/site-config';
import { HttpError } from '../http/http-error';
import { consume, limitByIp } from '../http/rate-limit';
import { digest, emailLimitKey, newSecretToken } from '../http/secret-token';
import { errorResponses, type Api } from '../http/route-types';
import type { UserRepository } from './user-repository';
import type { TokenService } from './tokens';
import type { RateLimiters } from '../http/rate-limit';
import type { AccountRepository } from './account-repository';
import type { Config } from '../config';
import type { Mailer } from '../email/mailer';
import type { Guards } from './guards';
import { currentAccount, currentUser } from './guards';
import { hashPassword, verifyPassword } from './passwords';
import { newPasswordProblem } from './password-strength';
import { passwordResetEmail, RESET_LINK_LIFETIME_MINUTES } from './password-reset-email';
import { startLoginAttempt } from './login-attempts';
import type { ChallengePurpose } from './tokens';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  recoveryCodeHash,
} from './totp';
import type { User } from './user-repository';

type Security = { [scheme: string]: string[] }[];
const signedIn: Security = [{ bearer: [] }];
/** Set-up and activation take a bearer token (and the password), or a login's challenge in the body. */
const signedInOrChallenge: Security = [{ bearer: [] }, {}];

/**
 * The account calls (docs/security.md#accounts): change the password, reset a forgotten one by
 * e-mail, sign out everywhere, the second factor (set-up, activation, removal, and the login's
 * code step) and the account screen's summary with its events. Every call a signed-in user makes
 * is an admin call: only administrators can sign in.
 */
/** What the account routes use of the server's parts (see app-context.ts). */
export interface AccountRouteDeps {
  users: UserRepository;
  tokens: TokenService;
  limiters: RateLimiters;
  accounts: AccountRepository;
  config: Config;
  mailer: Mailer;
}

export function accountRoutes(app: Api, context: AccountRouteDeps, guards: Guards): void {
  const { users, tokens, limiters, accounts, config, mailer } = context;

  /**
   * Checks a signed-in user's password again before a change that needs it, counted as a login
   * try, so a session left open is no way to guess the password. A wrong one is a 400: a 401
   * would end the session that asked.
   */
  const confirmPassword = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    password: string | undefined,
  ): Promise<boolean> => {
    if (password === undefined) throw new HttpError(400, messages.currentPasswordRequired);
    const attempt = await startLoginAttempt(limiters, request, reply, user.email);
    if (!attempt) return false;
    if (!(await verifyPassword(user.passwordHash, password))) {
      await attempt.failed();
      throw new HttpError(400, messages.currentPasswordWrong);
    }
    await attempt.succeeded();
    return true;
  };

  /** The administrator a login's challenge was issued to, while it holds (5 minutes, same generation). */
  const challengedAccount = async (challenge: string, purpose: ChallengePurpose): Promise<User> => {
    const verified = await tokens.verifyChallenge(challenge, purpose);
    const expired = { 'www-authenticate': 'Bearer error="invalid_token"' };
    if (!verified.ok) throw new HttpError(401, messages.twoFactorChallengeExpired, expired);
    const user = await users.findById(verified.userId);
    if (!user || user.tokenGeneration !== verified.generation) {
      throw new HttpError(401, messages.twoFactorChallengeExpired, expired);
    }
    if (!user.isAdmin) throw new HttpError(403, messages.notAdmin);
    return user;
  };

  /** Who is enrolling: the signed-in administrator, or the one a set-up challenge names. */
  const enrollingAccount = async (
    request: FastifyRequest,
    challenge: string | undefined,
  ): Promise<{ user: User; duringLogin: boolean }> => {
    if (challenge !== undefined) {
      return { user: await challengedAccount(challenge, 'two-factor-setup'), duringLogin: true };
    }
    await guards.requireAdmin(request);
    return { user: currentAccount(request), duringLogin: false };
  };

  app.post(
    '/auth/change-password',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['account'],
        summary: 'Change your password; every other session is signed out',
        description:
          'Administrators need at least 12 characters and a password a strength estimator does not find guessable. Answers a new token for this device: tokens issued before are refused from now on.',
        security: signedIn,
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
    '/auth/sign-out-everywhere',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['account'],
        summary: 'Sign out of all devices, this one included',
        security: signedIn,
        response: { 200: plainAckSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await accounts.signOutEverywhere(currentUser(request).id, request.ip);
      return { acknowledged: true };
    },
  );

  app.get(
    '/auth/account',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['account'],
        summary: 'Your account: two-step verification and the latest account events',
        security: signedIn,
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
        events,
      };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      onRequest: limitByIp(limiters.forgotPasswordByIp, messages.forgotPasswordRateLimited),
      schema: {
        tags: ['account'],
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
        const mail = passwordResetEmail(user, `${config.publicUrl}/reset-password/${token}`, {
          brandName: siteConfig.brandName,
          companyName: siteConfig.legalName,
        });
        await mailer.send(mail);
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

  app.post(
    '/auth/two-factor/setup',
    {
      schema: {
        tags: ['account'],
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
    '/auth/two-factor/enable',
    {
      schema: {
        tags: ['account'],
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

  app.delete(
    '/auth/two-factor',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['account'],
        summary: 'Turn two-step verification off (with your password); every other session is signed out',
        security: signedIn,
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

  app.post(
    '/auth/two-factor/verify',
    {
      schema: {
        tags: ['account'],
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
