import { z } from 'zod';
import {
  adminAnswerSchema,
  loginAnswerSchema,
  loginSchema,
  registerSchema,
  registeredSchema,
} from '../../shared/auth/auth-contract';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { limitByIp } from '../http/rate-limit';
import { errorResponses, type Api } from '../domain-module/route-types';
import type { UserRepository } from './user-repository';
import type { TokenService } from './tokens';
import type { RateLimiters } from '../http/rate-limit';
import type { AccountRepository } from './account-repository';
import type { Config } from '../config';
import type { Guards } from './guards';
import { currentUser, maySignIn, roleOf } from './guards';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { startLoginAttempt } from './login-attempts';
import { sessionAnswer } from './session-answer';
import { apiPaths } from '../../shared/http/api-routes';

/** What the sign-in routes use of the server's parts (see app-context.ts). */
export interface AuthRouteDeps {
  users: UserRepository;
  tokens: TokenService;
  limiters: RateLimiters;
  accounts: AccountRepository;
  config: Config;
}

export function authRoutes(app: Api, context: AuthRouteDeps, guards: Guards): void {
  const { users, tokens, limiters, accounts, config } = context;

  app.post(
    apiPaths.login.pattern,
    {
      schema: {
        tags: ['auth'],
        operationId: 'logIn',
        summary: 'Log in (administrators and the hiring team)',
        description:
          'Answers the session token, or, for an administrator with two-step verification (or who must set it up), a five-minute challenge for POST /auth/two-factor/verify (or /auth/two-factor/setup and /enable).',
        body: loginSchema,
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const attempt = await startLoginAttempt(limiters, request, reply, email);
      if (!attempt) return reply;
      const user = await users.findByEmail(email);
      const passwordMatches = await verifyPassword(
        user?.passwordHash ?? (await decoyPasswordHash()),
        password,
      );
      if (!user || !passwordMatches) {
        await attempt.failed();
        throw new HttpError(401, messages.invalidCredentials);
      }
      if (!maySignIn(user)) {
        await attempt.succeeded();
        throw new HttpError(403, messages.notAdmin);
      }
      // The password alone opens nothing for an administrator with a second factor, or one who
      // must set it up: the answer is a challenge for the next step (two-factor-routes.ts, two-factor-login-routes.ts), and only
      // that step's success starts the count of failed tries again.
      const answer = await sessionAnswer(user, { tokens, accounts, config });
      if ('token' in answer) await attempt.succeeded();
      else await attempt.passedFirstStep();
      return answer;
    },
  );

  app.post(
    apiPaths.register.pattern,
    {
      onRequest: limitByIp(limiters.register),
      schema: {
        tags: ['auth'],
        operationId: 'registerAccount',
        summary: 'Create an account (not an administrator)',
        body: registerSchema,
        response: { 201: registeredSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      const id = await users.create({ name, email, passwordHash: await hashPassword(password) });
      if (!id) throw new HttpError(409, messages.emailTaken);
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.get(
    apiPaths.adminByEmail.pattern,
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'getAccountRole',
        summary:
          'Whether an account is an administrator, and its role (your own, or any for an administrator)',
        security: [{ bearer: [] }],
        params: z.object({ email: z.string() }),
        response: { 200: adminAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const email = request.params.email.trim().toLowerCase();
      if (email === caller.email) return { admin: caller.isAdmin, role: roleOf(caller) };
      if (!caller.isAdmin) throw new HttpError(403, messages.adminRequired);
      const user = await users.findByEmail(email);
      return { admin: user?.isAdmin ?? false, role: user ? roleOf(user) : 'user' };
    },
  );
}
