import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../store/use-session';
import { screens } from '../../shared/site/screen-routes';
import { CheckingAccess } from './require-admin';

/**
 * The hiring team's routes' guard: administrators go to their dashboard (they see everything
 * there), logged-out users and plain accounts to /login, remembering where they were going. UX
 * only: the server checks every team call against the caller's assignments.
 */
export function RequireTeam({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.loading) return <CheckingAccess />;
  if (session.user && session.isAdmin) return <Navigate to={screens.dashboard.path()} replace />;
  if (!session.user || !session.teamRole) {
    return <Navigate to={screens.login.path()} replace state={{ from: location }} />;
  }
  return children;
}
