import { skipToken } from '@reduxjs/toolkit/query/react';
import type { AccountRole, TeamRole } from '../../shared/team/team-contract';
import { useAppSelector } from './hooks';
import { useAccountRoleQuery } from './session-api';

export interface Session {
  /** True while the stored token is read, or while the role check for a signed-in user runs. */
  loading: boolean;
  user: { email: string; name: string } | null;
  /** What the server says the account may do; null while unknown or signed out. */
  role: AccountRole | null;
  isAdmin: boolean;
  /** A hiring manager's or an interviewer's role; null for everyone else. */
  teamRole: TeamRole | null;
}

/** Each role's place on the hiring team, if any (no runtime import of the team contract: see session-api.ts). */
const teamRoleOf: Record<AccountRole, TeamRole | null> = {
  admin: null,
  'hiring-manager': 'hiring-manager',
  interviewer: 'interviewer',
  user: null,
};

/** The signed-in user with the server's role for the account (asked only when there is an e-mail). */
export function useSession(): Session {
  const auth = useAppSelector((state) => state.session);
  const email = auth.user?.email;
  const answer = useAccountRoleQuery(email ?? skipToken);
  const role = email ? (answer.data ?? null) : null;
  return {
    loading: auth.loading || (Boolean(email) && answer.isLoading),
    user: auth.user,
    role,
    isAdmin: role === 'admin',
    teamRole: role ? teamRoleOf[role] : null,
  };
}
