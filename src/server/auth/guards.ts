import type { FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import type { AccountRole, TeamRole } from '../../shared/team/team-contract';
import { HttpError } from '../http/http-error';
import type { TokenService } from './tokens';
import type { User, UserRepository } from './user-repository';

export interface RequestUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** A member of the hiring team (never an administrator too); null for everyone else. */
  teamRole: TeamRole | null;
}

/**
 * What an account may do. An administrator is an administrator whatever else the row says, so a
 * team role left on an account later made an administrator grants nothing less, and nothing more.
 */
export const roleOf = (user: { isAdmin: boolean; teamRole: TeamRole | null }): AccountRole =>
  user.isAdmin ? 'admin' : (user.teamRole ?? 'user');

/** Administrators and the hiring team sign in; a plain registered account does not. */
export const maySignIn = (user: { isAdmin: boolean; teamRole: TeamRole | null }): boolean =>
  roleOf(user) !== 'user';

declare module 'fastify' {
  interface FastifyRequest {
    user?: RequestUser;
  }
}

/** The whole row each guarded request's user was read as, password hash included, for the calls that check it again. */
const accountRows = new WeakMap<FastifyRequest, User>();

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/**
 * A valid, unexpired token of a user who still exists, issued in the account's current token
 * generation; the user's rights and generation are read from the database on every call, so a
 * revoked admin loses access at once, and so does every device after a sign-out everywhere or a
 * new password.
 */
export function createGuards(context: { tokens: TokenService; users: UserRepository }) {
  const requireUser = async (request: FastifyRequest): Promise<void> => {
    const token = bearer(request);
    if (!token) throw new HttpError(401, messages.authRequired, { 'www-authenticate': 'Bearer' });
    const verified = await context.tokens.verify(token);
    if (!verified.ok) {
      throw new HttpError(401, verified.expired ? messages.sessionExpired : messages.authRequired, {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    }
    const user = await context.users.findById(verified.userId);
    if (!user || user.email !== verified.email.toLowerCase()) {
      throw new HttpError(401, messages.authRequired, { 'www-authenticate': 'Bearer error="invalid_token"' });
    }
    if (user.tokenGeneration !== verified.generation) {
      throw new HttpError(401, messages.sessionRevoked, {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    }
    request.user = {
      id: user.id,
      email: user.email,
      name: user.name,
      isAdmin: user.isAdmin,
      teamRole: user.isAdmin ? null : user.teamRole,
    };
    accountRows.set(request, user);
  };

  const requireAdmin = async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
    if (!request.user?.isAdmin) throw new HttpError(403, messages.adminRequired);
  };

  /** A hiring manager or an interviewer, as the account stands now; what they reach is checked per call. */
  const requireTeamMember = async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
    if (!request.user?.teamRole) throw new HttpError(403, messages.teamRequired);
  };

  /** Anyone who may sign in: their own account's calls (password, second factor, sign-out). */
  const requireStaff = async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
    if (!request.user || !maySignIn(request.user)) throw new HttpError(403, messages.staffRequired);
  };

  return { requireUser, requireAdmin, requireTeamMember, requireStaff };
}

export type Guards = ReturnType<typeof createGuards>;

/** For handlers behind a guard: the user the guard put on the request. */
export const currentUser = (request: FastifyRequest): RequestUser => {
  if (!request.user) throw new HttpError(401, messages.authRequired);
  return request.user;
};

/** For handlers behind a guard: the user's row as the guard read it (no second query). */
export const currentAccount = (request: FastifyRequest): User => {
  const user = accountRows.get(request);
  if (!user) throw new HttpError(401, messages.authRequired);
  return user;
};
