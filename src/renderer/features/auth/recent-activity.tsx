import { useId } from 'react';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { accountEventLabels, type AccountEvent } from '../../../shared/auth/account-contract';
import { formatUsDateTime } from '../../../shared/format/date';
import { useAdminStyles } from '../../layout/admin-page';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  kind: { ...typographyStyles.body1Strong },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2 },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
});

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
                {formatUsDateTime(event.at)} ·{' '}
                {event.ip ? `from ${event.ip}` : 'on the server (command line or ADMIN_PASSWORD)'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
