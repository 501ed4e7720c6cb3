import { useId, useState } from 'react';
import { Button, Checkbox, Field, MessageBarBody, Spinner } from '@fluentui/react-components';
import { formatDate } from '../../shared/format/date';
import { POOL_KEEP_NOTICE, poolMessages, poolNotices } from '../../shared/talent-pool/talent-pool-contract';
import { useSitePageStyles } from '../components/site-styles';
import { UntitledMessageBar } from '../components/untitled-message-bar';
import { errorMessage } from '../store/api-error';
import { DepartmentCheckboxes } from './department-checkboxes';
import {
  useGetOfferDepartmentsQuery,
  useGetTalentPoolOfferQuery,
  useKeepInTalentPoolMutation,
  type OfferLink,
} from './talent-pool-offer-api';

/**
 * "Keep my details for future roles for 12 months" (docs/behaviour.md#the-talent-pool): the
 * applicant ticks the box, with the privacy notice shown, and confirms. Unticked until they do;
 * nothing is kept for the pool without it.
 */
export function TalentPoolOffer({
  link,
  className,
  headingClassName,
}: {
  link: OfferLink;
  className?: string;
  headingClassName?: string;
}) {
  const site = useSitePageStyles();
  const headingId = useId();
  const noticeId = useId();
  const { data: offer } = useGetTalentPoolOfferQuery(link);
  const { data: departments = [] } = useGetOfferDepartmentsQuery();
  const [keep, { isLoading }] = useKeepInTalentPoolMutation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [keptUntil, setKeptUntil] = useState<string>();
  if (!offer) return null;
  const until = keptUntil ?? offer.consentEndsAt;

  const onKeep = async () => {
    setFailure(undefined);
    if (!consent) {
      setConsentError(poolMessages.consentRequired);
      return;
    }
    setConsentError(undefined);
    try {
      const kept = await keep({
        link,
        departments: chosen,
        consent: true,
        noticeVersion: POOL_KEEP_NOTICE,
      }).unwrap();
      setKeptUntil(kept.consentEndsAt);
    } catch (error) {
      setFailure(errorMessage(error, 'Your choice could not be saved. Please try again.'));
    }
  };

  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className={headingClassName}>
        Keep my details for future roles for 12 months
      </h2>
      <div role="status">
        {until && (
          <UntitledMessageBar layout="multiline" intent="success">
            <MessageBarBody>
              {`Your details are in our talent pool until ${formatDate(until)}. We have e-mailed you a link to see them or leave at any time.`}
            </MessageBarBody>
          </UntitledMessageBar>
        )}
      </div>
      {!until && (
        <>
          <p id={noticeId} className={site.body}>
            {poolNotices[POOL_KEEP_NOTICE]}
          </p>
          <DepartmentCheckboxes
            legend="Departments you are also interested in (optional)"
            departments={departments}
            chosen={chosen}
            onChange={setChosen}
          />
          <Field validationMessage={consentError}>
            <Checkbox
              aria-describedby={noticeId}
              checked={consent}
              onChange={(_, data) => setConsent(data.checked === true)}
              label="Keep my details for future roles for 12 months, as described above"
            />
          </Field>
          {failure && (
            <UntitledMessageBar layout="multiline" intent="error" role="alert">
              <MessageBarBody>{failure}</MessageBarBody>
            </UntitledMessageBar>
          )}
          <div>
            <Button
              appearance="primary"
              disabledFocusable={isLoading}
              icon={isLoading ? <Spinner size="tiny" /> : undefined}
              onClick={() => void onKeep()}
            >
              Confirm
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
