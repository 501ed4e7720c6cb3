import type { ReactNode } from 'react';
import { errorMessage } from '../../store/api-error';
import { useAdminStyles } from '../../layout/admin-page';

export interface TeamNotAvailableProps {
  /** What could not be opened, as its heading says it: "job", "application". */
  thing: string;
  /** The server's refusal, shown as it said it. */
  error: unknown;
  /** Said when the server gave no reason (the request never reached it). */
  fallback: string;
  /** The way back, a link to the hiring team's own list. */
  back: ReactNode;
}

/**
 * A hiring-team screen whose job or application the member may not see, or that could not be
 * loaded: the server's reason as an alert, and the way back.
 */
export function TeamNotAvailable({ thing, error, fallback, back }: TeamNotAvailableProps) {
  const admin = useAdminStyles();
  const capitalised = `${thing.charAt(0).toUpperCase()}${thing.slice(1)}`;
  return (
    <div className={admin.page}>
      <title>{`${capitalised} not available | Hiring Team`}</title>
      <section className={admin.card}>
        <div className={admin.empty}>
          <h1 className={admin.title}>{`This ${thing} is not available to you`}</h1>
          <p className={admin.emptyText} role="alert">
            {errorMessage(error, fallback)}
          </p>
          {back}
        </div>
      </section>
    </div>
  );
}
