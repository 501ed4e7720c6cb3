import { setTimeout as sleep } from 'node:timers/promises';
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
import { consume, limitByIp, loginDelayMs } from '../http/rate-limit';
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
      const address = request.ip;
      const pair = `${address} ${email}`;
      // A try takes its points before the password is checked, so a burst sent at once is counted
      // in full; the right password gives them back, so only failures count. The hard limits are
      // the address's and the address-and-e-mail pair's: a stranger's failures never refuse the
      // e-mail's owner, who logs in from elsewhere.
      if (!(await consume(limiters.loginByIp, address, reply, messages.loginRateLimited))) return reply;
      if (!(await consume(limiters.loginByIpAndEmail, pair, reply, messages.loginRateLimited))) return reply;
      // Failures for the e-mail from everywhere only slow its tries down, by a bounded wait.
      const failures = (await limiters.loginFailuresByEmail.get(email))?.consumedPoints ?? 0;
      const wait = loginDelayMs(failures, limiters.settings.loginPerMinute);
      if (wait > 0) await sleep(wait);
      const user = await users.findByEmail(email);
      const passwordMatches = await verifyPassword(
        user?.passwordHash ?? (await decoyPasswordHash()),
        password,
      );
      if (!user || !passwordMatches) {
        await limiters.loginFailuresByEmail.penalty(email, 1);
        throw new HttpError(401, messages.invalidCredentials);
      }
      await Promise.all([limiters.loginByIp.reward(address, 1), limiters.loginByIpAndEmail.delete(pair)]);
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
