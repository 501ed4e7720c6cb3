import { z } from 'zod';
import {
  adminAnswerSchema,
  loginSchema,
  registerSchema,
  registeredSchema,
  tokenAnswerSchema,
} from '../../shared/auth/auth-contract';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { consume, limitByIp } from '../http/rate-limit';
import { errorResponses, type Api } from '../http/route-types';
import type { AppContext } from '../app-context';
import type { Guards } from './guards';
import { currentUser } from './guards';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';

export function authRoutes(app: Api, context: AppContext, guards: Guards): void {
  const { users, tokens, limiters } = context;

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in (administrators only)',
        body: loginSchema,
        response: { 200: tokenAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      if (!(await consume(limiters.loginByIp, request.ip, reply, messages.loginRateLimited))) return reply;
      if (!(await consume(limiters.loginByEmail, email, reply, messages.loginRateLimited))) return reply;
      const user = await users.findByEmail(email);
      const passwordMatches = await verifyPassword(
        user?.passwordHash ?? (await decoyPasswordHash()),
        password,
      );
      if (!user || !passwordMatches) throw new HttpError(401, messages.invalidCredentials);
      if (!user.isAdmin) throw new HttpError(403, messages.notAdmin);
      return { token: await tokens.issue(user) };
    },
  );

  app.post(
    '/register',
    {
      onRequest: limitByIp(limiters.register),
      schema: {
        tags: ['auth'],
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
    '/admin/:email',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Whether an account is an administrator (your own, or any for an administrator)',
        security: [{ bearer: [] }],
        params: z.object({ email: z.string() }),
        response: { 200: adminAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const email = request.params.email.trim().toLowerCase();
      if (email === caller.email) return { admin: caller.isAdmin };
      if (!caller.isAdmin) throw new HttpError(403, messages.adminRequired);
      const user = await users.findByEmail(email);
      return { admin: user?.isAdmin ?? false };
    },
  );
}
