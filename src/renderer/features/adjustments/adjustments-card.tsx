import { useId } from 'react';
import { useAdminStyles } from '../../layout/admin-page';
import { useGetApplicationAdjustmentsQuery } from './adjustments-api';
import { useStyles } from './adjustments.styles';

/**
 * An application's adjustment request, on its screen, for the adjustments contact alone: the
 * server refuses everyone else, and then the card is not drawn at all.
 */
export function AdjustmentsCard({ applicationId }: { applicationId: string }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const { data } = useGetApplicationAdjustmentsQuery(applicationId);
  if (!data) return null;
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Adjustments
      </h2>
      {data.adjustments ? (
        <p className={styles.request}>{data.adjustments}</p>
      ) : (
        <p className={styles.muted}>No adjustment asked for.</p>
      )}
      {data.disabilityConfident && (
        <p className={styles.muted}>Asked to be considered under the Disability Confident scheme.</p>
      )}
    </section>
  );
}
