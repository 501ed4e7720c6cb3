import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatShortDate } from '../../../shared/format/date';
import { screens } from '../../../shared/site/screen-routes';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../store/api-error';
import { useGetAdjustmentRequestsQuery } from './adjustments-api';
import { AdjustmentRequestText } from './adjustment-request-text';
import { AgreedAdjustmentForm } from './agreed-adjustment-form';
import { useStyles } from './adjustments.styles';

/**
 * /dashboard/adjustments: every adjustment request and Disability Confident opt-in, for the
 * adjustments contact to arrange, each with what they agreed for the interview (which alone the
 * interviewers and the hiring manager see). Any other administrator is told it is not theirs to
 * read.
 */
export function AdjustmentsPage() {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const { data, error, isLoading } = useGetAdjustmentRequestsQuery();
  return (
    <div className={admin.page}>
      <AdminPageHeader
        title="Adjustments"
        subtitle="What applicants asked for to apply or to be interviewed. Only the adjustments contact reads these; the interviewers and the hiring manager see only what the contact agrees."
      />
      <section className={admin.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={admin.cardTitle}>
          Requests
        </h2>
        {isLoading && <PageLoading label="Loading the requests" />}
        {error && <p className={styles.muted}>{errorMessage(error)}</p>}
        {data && data.length === 0 && <p className={styles.muted}>No adjustment requests.</p>}
        {data && data.length > 0 && (
          <ul className={styles.list}>
            {data.map((row) => (
              <li key={row.applicationId} className={styles.item}>
                <p className={styles.who}>
                  <Link className={styles.link} to={screens.application.path({ id: row.applicationId })}>
                    {row.name}
                  </Link>
                  {`, ${row.jobTitle}, applied ${formatShortDate(row.createdAt)}`}
                </p>
                <AdjustmentRequestText request={row} />
                <AgreedAdjustmentForm
                  applicationId={row.applicationId}
                  agreed={row.agreed}
                  label={`Agreed for the interview of ${row.name}`}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
