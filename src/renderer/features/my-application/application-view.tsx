import { useEffect, useId, useRef, useState } from 'react';
import { Button, MessageBarBody, Spinner, mergeClasses } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { ArrowExitRegular } from '@fluentui/react-icons/headless/svg/arrow-exit';
import { DeleteRegular } from '@fluentui/react-icons/headless/svg/delete';
import { messages } from '../../../shared/messages';
import { formatDate } from '../../../shared/format/date';
import type { MyApplication } from '../../../shared/my-application/my-application-contract';
import { PRIVACY_NOTICE_PATH } from '../../../shared/site/privacy-notice';
import { PageHero } from '../../components/page-hero';
import { useSitePageStyles } from '../../components/site-styles';
import { confirmDialog } from '../../feedback/dialogs';
import { errorMessage } from '../../store/api-error';
import { useEraseMyApplicationMutation, useWithdrawMyApplicationMutation } from './my-application-api';
import { statusText, type Shown, isGone } from './my-application-status';
import { Steps } from './application-steps';
import { InterviewBooking } from './interview-booking';
import { ApplicantResponse } from './applicant-response';
import { TalentPoolOffer } from '../../entities/talent-pool-offer';
import { useStyles } from './application-view.styles';
import { usePanelStyles } from './my-application-panel.styles';

export function ApplicationView({
  application,
  justWithdrawn,
  token,
  onChange,
}: {
  application: MyApplication;
  justWithdrawn: boolean;
  token: string;
  onChange: (shown: Shown) => void;
}) {
  const styles = useStyles();
  const shared = usePanelStyles();
  const site = useSitePageStyles();
  const statusHeadingId = useId();
  const actionsHeadingId = useId();
  const statusHeading = useRef<HTMLHeadingElement>(null);
  const [withdraw, { isLoading: withdrawing }] = useWithdrawMyApplicationMutation();
  const [erase, { isLoading: erasing }] = useEraseMyApplicationMutation();
  const [failure, setFailure] = useState<string>();
  const { status, jobTitle } = application;
  const busy = withdrawing || erasing;

  // After a withdrawal the Withdraw button is gone: focus goes to what changed, which is read out.
  useEffect(() => {
    if (justWithdrawn) statusHeading.current?.focus();
  }, [justWithdrawn]);

  const onWithdraw = async () => {
    setFailure(undefined);
    const confirmed = await confirmDialog({
      title: 'Withdraw your application?',
      text: `We will stop considering your application for ${jobTitle}. You cannot undo this, and this link will stop working once you leave this page.`,
      confirmButtonText: 'Yes, withdraw it',
      cancelButtonText: 'Cancel',
    });
    if (!confirmed) return;
    try {
      const answer = await withdraw(token).unwrap();
      onChange({ kind: 'application', application: answer, justWithdrawn: true });
    } catch (error) {
      if (isGone(error)) onChange({ kind: 'gone' });
      else setFailure(errorMessage(error, 'Your application could not be withdrawn. Please try again.'));
    }
  };

  const onErase = async () => {
    setFailure(undefined);
    const confirmed = await confirmDialog({
      title: 'Erase your application?',
      text: `Your application for ${jobTitle}, your CV, our notes about it and the record of who looked at it will be deleted for good. ${messages.confirmText}`,
      confirmButtonText: 'Yes, erase it',
      cancelButtonText: 'Cancel',
    });
    if (!confirmed) return;
    try {
      onChange({ kind: 'erased', erased: await erase(token).unwrap() });
    } catch (error) {
      if (isGone(error)) onChange({ kind: 'gone' });
      else setFailure(errorMessage(error, 'Your application could not be erased. Please try again.'));
    }
  };

  return (
    <>
      <PageHero
        eyebrow="Your application"
        title={`Your application for ${jobTitle}`}
        lead={`Sent on ${formatDate(application.appliedAt)}.`}
      />
      <section className={mergeClasses(site.panel, shared.panel)} aria-labelledby={statusHeadingId}>
        <h2 id={statusHeadingId} ref={statusHeading} tabIndex={-1} className={shared.sectionTitle}>
          Where it stands
        </h2>
        <p
          className={mergeClasses(
            styles.status,
            status !== 'received' && status !== 'in-progress' && styles.statusDone,
          )}
        >
          {statusText[status].label}
        </p>
        {status !== 'withdrawn' && <Steps status={status} />}
        <p className={site.body}>{statusText[status].meaning}</p>
        {status !== 'withdrawn' && <ApplicantResponse token={token} />}
        {justWithdrawn && (
          <UntitledMessageBar intent="success">
            <MessageBarBody>
              We have e-mailed you a confirmation. This link stops working once you leave this page: if you
              would also like your data erased, you can do it below now, or reply to that e-mail later.
            </MessageBarBody>
          </UntitledMessageBar>
        )}
      </section>
      {status !== 'withdrawn' && application.interviewOffered && <InterviewBooking token={token} />}
      {status === 'closed' && (
        <TalentPoolOffer
          link={{ kind: 'application', token }}
          className={shared.panel}
          headingClassName={shared.sectionTitle}
        />
      )}
      <section className={shared.panel} aria-labelledby={actionsHeadingId}>
        <h2 id={actionsHeadingId} className={shared.sectionTitle}>
          What you can do
        </h2>
        {failure && (
          <UntitledMessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </UntitledMessageBar>
        )}
        <div className={styles.actions}>
          {status !== 'withdrawn' && (
            <div className={mergeClasses(site.panel, styles.action)}>
              <h3 className={styles.actionTitle}>Withdraw your application</h3>
              <p className={site.body}>
                If you no longer want to be considered for this role, tell us here. Our team will see that you
                withdrew it, and we will e-mail you to confirm.
              </p>
              <Button
                appearance="secondary"
                icon={withdrawing ? <Spinner size="tiny" /> : <ArrowExitRegular />}
                disabledFocusable={busy}
                onClick={() => void onWithdraw()}
              >
                {withdrawing ? 'Withdrawing...' : 'Withdraw application'}
              </Button>
            </div>
          )}
          <div className={mergeClasses(site.panel, styles.action)}>
            <h3 className={styles.actionTitle}>Erase your data</h3>
            <p className={site.body}>
              Delete this application, your CV and everything we hold about it, now rather than when our
              retention period ends. This cannot be undone.
            </p>
            <Button
              appearance="primary"
              className={styles.danger}
              icon={erasing ? <Spinner size="tiny" /> : <DeleteRegular />}
              disabledFocusable={busy}
              onClick={() => void onErase()}
            >
              {erasing ? 'Erasing...' : 'Erase my application'}
            </Button>
          </div>
        </div>
        <p className={site.body}>
          Keep this page&apos;s address to yourself: anyone who has it can do the same.{' '}
          <a className={site.link} href={PRIVACY_NOTICE_PATH}>
            How we use your data
          </a>
        </p>
      </section>
    </>
  );
}
