import { useId } from 'react';
import { Spinner } from '@fluentui/react-components';
import { auditActionLabels } from '../../../shared/privacy/audit-contract';
import { formatShortDateTime } from '../../../shared/format/date';
import { useAdminStyles } from '../../layout/admin-page';
import { EmailAddress } from '../../components/email-address';
import { useGetAuditTrailQuery } from './privacy-admin-api';
import { useStyles } from './audit-trail.styles';

/**
 * Who viewed, previewed, downloaded or held this application, moved it between stages or e-mailed
 * the applicant, newest first; an entry's detail says what exactly ("New → Reviewed", "Rejection").
 */
export function AuditTrail({ applicationId }: { applicationId: string }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const { data: entries, isLoading, isError } = useGetAuditTrailQuery(applicationId);
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Activity
      </h2>
      <p className={styles.intro}>
        Every view, CV preview and download, stage change and e-mail to the applicant is recorded.
      </p>
      {isLoading && <Spinner size="small" label="Loading activity..." />}
      {isError && <p className={styles.empty}>The activity could not be loaded.</p>}
      {entries && entries.length === 0 && <p className={styles.empty}>No activity yet.</p>}
      {entries && entries.length > 0 && (
        // The list scrolls once it is long, so it takes the focus: a keyboard user scrolls it with
        // the arrow keys, as a mouse user does with the wheel.
        <ol className={styles.list} aria-label="Activity, newest first" tabIndex={0}>
          {[...entries].reverse().map((entry) => (
            <li key={entry._id} className={styles.entry}>
              <span>
                <span className={styles.action}>{auditActionLabels[entry.action]}</span>
                {entry.detail && <span className={styles.detail}>: {entry.detail}</span>}
              </span>
              <span className={styles.meta}>
                <EmailAddress address={entry.actorEmail} /> ·{' '}
                <time dateTime={entry.createdAt}>{formatShortDateTime(entry.createdAt)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
