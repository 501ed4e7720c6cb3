import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Field, ProgressBar } from '@fluentui/react-components';
import { useSession } from './use-session';

/**
 * Spec section 6: a progress bar while the session and the server's admin check load; logged-out
 * users and non-admins go to /login, remembering where they were going. UX only: the server
 * enforces every admin call itself.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.loading) {
    return (
      <Field validationMessage="Checking your access..." validationState="none">
        <ProgressBar aria-label="Checking your access" />
      </Field>
    );
  }
  if (!session.user || !session.isAdmin) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children;
}
