import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from './hooks';
import { useIsAdminQuery } from './session-api';

export interface Session {
  /** True while the stored token is read, or while the admin check for a signed-in user runs. */
  loading: boolean;
  user: { email: string; name: string } | null;
  isAdmin: boolean;
}

/** The signed-in user with the server's admin flag (asked only when there is an e-mail). */
export function useSession(): Session {
  const auth = useAppSelector((state) => state.session);
  const email = auth.user?.email;
  const admin = useIsAdminQuery(email ?? skipToken);
  return {
    loading: auth.loading || (Boolean(email) && admin.isLoading),
    user: auth.user,
    isAdmin: Boolean(email) && admin.data === true,
  };
}
