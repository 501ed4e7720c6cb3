import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import type { RateLimiters } from '../http/rate-limit';
import { startLoginAttempt } from './login-attempts';
import { maySignIn } from './guards';
import { verifyPassword } from './passwords';
import type { ChallengePurpose, TokenService } from './tokens';
import type { User, UserRepository } from './user-repository';
import type { AccountRepository } from './account-repository';

/** What the account checks use of the server's parts (see app-context.ts). */
export interface AccountCheckDeps {
  users: UserRepository;
  tokens: TokenService;
  limiters: RateLimiters;
}

/**
 * What the second-factor calls use (see app-context.ts): here rather than beside the set-up
 * routes, since the login's second step needs it too and route modules never import each other.
 */
export interface TwoFactorRouteDeps extends AccountCheckDeps {
  accounts: AccountRepository;
}

/** The checks the account calls share before a change: the password again, or a login's challenge. */
export function accountChecks({ users, tokens, limiters }: AccountCheckDeps) {
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

  /** The account (an administrator or a team member) a login's challenge was issued to, while it holds (5 minutes, same generation). */
  const challengedAccount = async (challenge: string, purpose: ChallengePurpose): Promise<User> => {
    const verified = await tokens.verifyChallenge(challenge, purpose);
    const expired = { 'www-authenticate': 'Bearer error="invalid_token"' };
    if (!verified.ok) throw new HttpError(401, messages.twoFactorChallengeExpired, expired);
    const user = await users.findById(verified.userId);
    if (!user || user.tokenGeneration !== verified.generation) {
      throw new HttpError(401, messages.twoFactorChallengeExpired, expired);
    }
    if (!maySignIn(user)) throw new HttpError(403, messages.notAdmin);
    return user;
  };

  return { confirmPassword, challengedAccount };
}
