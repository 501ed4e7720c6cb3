import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Field, ProgressBar } from '@fluentui/react-components';
import { useSession } from '../store/use-session';
import { useStyles } from './require-admin.styles';
import { screens } from '../../shared/site/screen-routes';

/** What a guard shows while the session and the server's role check load. */
export function CheckingAccess() {
  const styles = useStyles();
  return (
    <div className={styles.checking} role="status">
      <Field className={styles.field} validationMessage="Checking your access..." validationState="none">
        <ProgressBar aria-label="Checking your access" />
      </Field>
    </div>
  );
}

/**
 * The admin routes' guard: a progress bar while the session and the server's role check load;
 * a member of the hiring team goes to their own screens (/team), logged-out users and plain
 * accounts to /login, remembering where they were going (path, query and hash: the login page
 * sends them back there). UX only: the server enforces every admin call itself.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.loading) return <CheckingAccess />;
  if (session.user && session.teamRole) return <Navigate to={screens.teamHome.path()} replace />;
  if (!session.user || !session.isAdmin) {
    return <Navigate to={screens.login.path()} replace state={{ from: location }} />;
  }
  return children;
}
