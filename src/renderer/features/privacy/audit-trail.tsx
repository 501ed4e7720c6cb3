import { useId } from 'react';
import { Spinner, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { auditActionLabels } from '../../../shared/privacy/audit-contract';
import { formatUsDateTime } from '../../../shared/format/date';
import { useAdminStyles } from '../../layout/admin-page';
import { useGetAuditTrailQuery } from './privacy-admin-api';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxHeight: '320px',
    overflowY: 'auto',
  },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  action: { ...typographyStyles.body1Strong },
  detail: { ...typographyStyles.body1 },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground2 },
  empty: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  intro: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground2 },
});

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
        <ol className={styles.list} aria-label="Activity, newest first">
          {[...entries].reverse().map((entry) => (
            <li key={entry._id} className={styles.entry}>
              <span>
                <span className={styles.action}>{auditActionLabels[entry.action]}</span>
                {entry.detail && <span className={styles.detail}>: {entry.detail}</span>}
              </span>
              <span className={styles.meta}>
                {entry.actorEmail} ·{' '}
                <time dateTime={entry.createdAt}>{formatUsDateTime(entry.createdAt)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
