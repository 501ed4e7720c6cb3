import { useId } from 'react';
import { accountEventLabels, type AccountEvent } from '../../../shared/auth/account-contract';
import { formatShortDateTime } from '../../../shared/format/date';
import { useAdminStyles } from '../../layout/admin-page';
import { useStyles } from './recent-activity.styles';

/** The account's latest events: what, when and from which address. */
export function RecentActivity({ events }: { events: AccountEvent[] }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Recent activity
      </h2>
      {events.length === 0 ? (
        <p className={styles.empty}>
          No password changes, resets, sign-outs everywhere or two-step verification changes yet.
        </p>
      ) : (
        <ol className={styles.list} aria-label="Recent activity, newest first">
          {events.map((event) => (
            <li key={event._id} className={styles.entry}>
              <span className={styles.kind}>{accountEventLabels[event.kind]}</span>
              <span className={styles.meta}>
                <time dateTime={event.at}>{formatShortDateTime(event.at)}</time> ·{' '}
                {event.ip ? `from ${event.ip}` : 'on the server (command line or ADMIN_PASSWORD)'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
