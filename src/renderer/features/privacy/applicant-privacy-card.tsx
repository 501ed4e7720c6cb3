import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Spinner, Switch } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/headless/svg/arrow-download';
import { PersonDeleteRegular } from '@fluentui/react-icons/headless/svg/person-delete';
import type { ApplicationDetail } from '../../../shared/applications/application-contract';
import { EmailAddress } from '../../components/email-address';
import { formatClosingDate } from '../../../shared/jobs/closing-date';
import { formatDate } from '../../../shared/format/date';
import { subjectExportFileName } from '../../../shared/privacy/privacy-contract';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../store/api-error';
import { confirmDialog, resultDialog } from '../../feedback/dialogs';
import { useToast } from '../../feedback/use-toast';
import { usePlatform } from '../../platform/platform';
import { useAdminStyles } from '../../layout/admin-page';
import {
  useEraseApplicantMutation,
  useExportApplicantMutation,
  useSetRetentionHoldMutation,
} from './privacy-admin-api';
import { useStyles } from './applicant-privacy-card.styles';
import { screens } from '../../../shared/site/screen-routes';

/**
 * The application's data-protection facts and actions: which privacy notice the applicant saw,
 * when the retention purge deletes it (or the hold that keeps it), and the access request and
 * erasure for everything held about the applicant's e-mail address.
 */
export function ApplicantPrivacyCard({ application }: { application: ApplicationDetail }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const platform = usePlatform();
  const toast = useToast();
  const navigate = useNavigate();
  const [setHold, { isLoading: holding }] = useSetRetentionHoldMutation();
  const [erase, { isLoading: erasing }] = useEraseApplicantMutation();
  const [exportApplicant] = useExportApplicantMutation();
  const [exporting, setExporting] = useState(false);
  const { email } = application;

  const toggleHold = async (hold: boolean) => {
    try {
      await setHold({ applicationId: application._id, hold }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, 'The retention hold could not be changed.'));
    }
  };

  const exportData = async () => {
    setExporting(true);
    try {
      const request = exportApplicant(email);
      // Saved at once; the CVs inside never stay in the store.
      const data = await request.unwrap().finally(() => request.reset());
      const bytes = new TextEncoder().encode(JSON.stringify(data, null, 2));
      const outcome = await platform.saveApplicantExport(subjectExportFileName(email), bytes);
      if (outcome === 'saved') toast.success(`The data held for ${email} has been exported.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The export could not be made. Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  const eraseData = async () => {
    const confirmed = await confirmDialog({
      title: `Erase all data for ${email}?`,
      text: `Every application, CV, note and activity record for this address will be deleted. ${messages.confirmText}`,
      confirmButtonText: 'Yes, erase it all',
      cancelButtonText: messages.cancelButton,
    });
    if (!confirmed) return;
    try {
      const answer = await erase(email).unwrap();
      await resultDialog({
        title: 'Erased!',
        text: `${answer.deletedCount} application(s), their CVs, ${answer.notesDeleted} note(s) and the activity records for ${email} have been deleted.`,
        icon: 'success',
      });
      void navigate(screens.applications.path());
    } catch (error) {
      await resultDialog({
        title: messages.errorTitle,
        text: errorMessage(error, 'The data could not be erased. Please try again.'),
        icon: 'error',
      });
    }
  };

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Data Protection
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt className={styles.label}>Privacy notice</dt>
          <dd className={styles.value}>
            {application.privacyNoticeVersion && application.privacyAcknowledgedAt
              ? `Version ${application.privacyNoticeVersion}, shown before the applicant submitted on ${formatDate(application.privacyAcknowledgedAt)}`
              : 'Not recorded (the application did not come through the apply form)'}
          </dd>
        </div>
        <div>
          <dt className={styles.label}>Retention</dt>
          <dd className={styles.value}>
            {application.retentionHold
              ? 'On hold: kept until the hold is released'
              : application.purgeAfter
                ? `Deleted automatically on ${formatClosingDate(application.purgeAfter)}`
                : 'Kept while employed and for two years after (right-to-work record)'}
          </dd>
        </div>
      </dl>
      <Switch
        checked={application.retentionHold}
        disabled={holding}
        label="Keep from automatic deletion (retention hold)"
        onChange={(_event, data) => void toggleHold(data.checked)}
      />
      <p className={styles.hint}>
        Access requests and erasure cover every application from <EmailAddress address={email} />, not only
        this one.
      </p>
      <div className={styles.buttons}>
        <Button
          icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
          disabled={exporting}
          onClick={() => void exportData()}
        >
          Export applicant data
        </Button>
        <Button
          icon={erasing ? <Spinner size="tiny" /> : <PersonDeleteRegular />}
          disabled={erasing}
          onClick={() => void eraseData()}
        >
          Erase applicant data
        </Button>
      </div>
    </section>
  );
}
