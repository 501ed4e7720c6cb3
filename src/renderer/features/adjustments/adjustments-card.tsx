import { useId } from 'react';
import { useAdminStyles } from '../../layout/admin-page';
import { useGetApplicationAdjustmentsQuery } from './adjustments-api';
import { AdjustmentRequestText } from './adjustment-request-text';
import { AgreedAdjustmentForm } from './agreed-adjustment-form';

/**
 * An application's adjustment requests, on its screen, for the adjustments contact alone, with
 * what they agreed for the interview: the server refuses everyone else, and then the card is not
 * drawn at all.
 */
export function AdjustmentsCard({ applicationId }: { applicationId: string }) {
  const admin = useAdminStyles();
  const headingId = useId();
  const { data } = useGetApplicationAdjustmentsQuery(applicationId);
  if (!data) return null;
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Adjustments
      </h2>
      <AdjustmentRequestText request={data} />
      {/* Keyed by the application, not by what was agreed: a save that changed it would otherwise
          draw a new form and drop the focus of the keyboard user who pressed Save. */}
      <AgreedAdjustmentForm
        key={applicationId}
        applicationId={applicationId}
        agreed={data.agreed}
        label="Agreed for the interview"
      />
    </section>
  );
}
