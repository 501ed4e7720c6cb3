import { useId } from 'react';
import { PageLoading } from '../../components/page-loading';
import { AdminPageHeader, useAdminStyles } from '../../layout/admin-page';
import { useGetRejectionReasonsQuery } from '../../entities/response-times-api';
import { useGetStageLimitsQuery } from './response-times-api';
import { StageLimitsForm } from './stage-limits-form';
import { RejectionReasonsList } from './rejection-reasons-list';

/**
 * /dashboard/response-times: how long each stage may take before an application is overdue, and
 * the reasons kept for rejections (docs/behaviour.md#response-times).
 */
export function ResponseTimesPage() {
  const styles = useAdminStyles();
  const limitsHeading = useId();
  const reasonsHeading = useId();
  const limits = useGetStageLimitsQuery();
  const reasons = useGetRejectionReasonsQuery();
  if (limits.isLoading || reasons.isLoading) return <PageLoading label="Loading response times..." />;
  return (
    <div className={styles.page}>
      <title>Response times | Admin Panel</title>
      <AdminPageHeader
        title="Response times"
        subtitle="Past its stage's limit an application is marked overdue, administrators get a daily digest, and its applicant's page says when to expect a reply."
      />
      <section className={styles.card} aria-labelledby={limitsHeading}>
        <h2 id={limitsHeading} className={styles.cardTitle}>
          Time limits
        </h2>
        {limits.data && <StageLimitsForm limits={limits.data} />}
      </section>
      <section className={styles.card} aria-labelledby={reasonsHeading}>
        <h2 id={reasonsHeading} className={styles.cardTitle}>
          Rejection reasons
        </h2>
        <RejectionReasonsList reasons={reasons.data ?? []} />
      </section>
    </div>
  );
}
