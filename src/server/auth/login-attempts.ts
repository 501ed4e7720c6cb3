import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import { consume, loginDelayMs, type RateLimiters } from '../http/rate-limit';

export interface LoginAttempt {
  /** The secret was wrong: it counts against the e-mail, from wherever it came. */
  failed(): Promise<void>;
  /** The secret was right: the address's point comes back and its tries for the e-mail start again. */
  succeeded(): Promise<void>;
  /**
   * The password was right but a second step follows: this try's points come back, yet the
   * e-mail's earlier failures from the address stay counted until that step succeeds, or anyone
   * with the password could wipe their wrong codes by logging in again.
   */
  passedFirstStep(): Promise<void>;
}

/**
 * Counts one try at an account's secret (its password, a second-factor code, a recovery code) as
 * a login (docs/security.md#login-lock-out-protection). The try takes its points before the
 * secret is checked, so a burst sent at once is counted in full; the right secret gives them back,
 * so only failures count. The hard limits are the address's and the address-and-e-mail pair's: a
 * stranger's failures never refuse the e-mail's owner, who logs in from elsewhere. Failures for
 * the e-mail from everywhere only slow its tries down, by a bounded wait.
 *
 * Answers undefined once a limit has answered 429 (the route then returns the reply).
 */
export async function startLoginAttempt(
  limiters: RateLimiters,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<LoginAttempt | undefined> {
  const address = request.ip;
  const pair = `${address} ${email}`;
  if (!(await consume(limiters.loginByIp, address, reply, messages.loginRateLimited))) return undefined;
  if (!(await consume(limiters.loginByIpAndEmail, pair, reply, messages.loginRateLimited))) return undefined;
  const failures = (await limiters.loginFailuresByEmail.get(email))?.consumedPoints ?? 0;
  const wait = loginDelayMs(failures, limiters.settings.loginPerMinute);
  if (wait > 0) await sleep(wait);
  return {
    async failed() {
      await limiters.loginFailuresByEmail.penalty(email, 1);
    },
    async succeeded() {
      await Promise.all([limiters.loginByIp.reward(address, 1), limiters.loginByIpAndEmail.delete(pair)]);
    },
    async passedFirstStep() {
      await Promise.all([limiters.loginByIp.reward(address, 1), limiters.loginByIpAndEmail.reward(pair, 1)]);
    },
  };
}
