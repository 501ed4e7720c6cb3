import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Field, ProgressBar } from '@fluentui/react-components';
import { useSession } from '../store/use-session';
import { useStyles } from './require-admin.styles';
import { screens } from '../../shared/site/screen-routes';

/**
 * The admin routes' guard: a progress bar while the session and the server's admin check load; logged-out
 * users and non-admins go to /login, remembering where they were going (path, query and hash:
 * the login page sends them back there). UX only: the server enforces every admin call itself.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const session = useSession();
  const location = useLocation();
  if (session.loading) {
    return (
      <div className={styles.checking} role="status">
        <Field className={styles.field} validationMessage="Checking your access..." validationState="none">
          <ProgressBar aria-label="Checking your access" />
        </Field>
      </div>
    );
  }
  if (!session.user || !session.isAdmin) {
    return <Navigate to={screens.login.path()} replace state={{ from: location }} />;
  }
  return children;
}
