import { useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  mergeClasses,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/headless/svg/arrow-clockwise';
import { ArrowExitRegular } from '@fluentui/react-icons/headless/svg/arrow-exit';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { CheckmarkCircleFilled } from '@fluentui/react-icons/headless/svg/checkmark-circle';
import { DeleteRegular } from '@fluentui/react-icons/headless/svg/delete';
import { LinkDismissRegular } from '@fluentui/react-icons/headless/svg/link-dismiss';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { ShieldCheckmarkRegular } from '@fluentui/react-icons/headless/svg/shield-checkmark';
import { messages } from '../../../shared/messages';
import { formatUsDate } from '../../../shared/format/date';
import type {
  MyApplication,
  MyApplicationErased,
  MyApplicationStatus,
} from '../../../shared/my-application/my-application-contract';
import { PRIVACY_NOTICE_PATH } from '../../../shared/privacy/privacy-notice';
import { siteConfig } from '../../../shared/site/site-config';
import { LinkButton } from '../../components/link-button';
import { PageHero } from '../../components/page-hero';
import { PageLoading } from '../../components/page-loading';
import { useSitePageStyles } from '../../components/site-styles';
import { confirmDialog } from '../../feedback/dialogs';
import { errorMessage, errorStatus } from '../../store/api-error';
import { useSiteSettings } from '../../lib/site-settings';
import { LOST_LINK_SECTION_ID } from './lost-link-form';
import {
  useEraseMyApplicationMutation,
  useGetMyApplicationQuery,
  useWithdrawMyApplicationMutation,
} from './my-application-api';
import { screens } from '../../../shared/site/screen-routes';

/** Each status in the applicant's words: what it is called and what it means for them. */
const statusText: Record<MyApplicationStatus, { label: string; meaning: string }> = {
  received: {
    label: 'Received',
    meaning:
      'We have your application and CV. Our team will review them and will contact you if your experience matches the role.',
  },
  'in-progress': {
    label: 'In progress',
    meaning: 'Our team is considering your application. We will contact you about the next steps.',
  },
  successful: {
    label: 'Successful',
    meaning:
      'Congratulations: we would like you to join us. Our team will be in touch about what happens next.',
  },
  closed: {
    label: 'Closed',
    meaning:
      'We will not be taking your application further this time. Thank you for your interest; you are welcome to apply for our other roles.',
  },
  withdrawn: {
    label: 'Withdrawn',
    meaning: 'You have withdrawn this application, so we will not consider it any further.',
  },
};

/** The three steps the tracker shows, and which of them each status has reached. */
const stepOf: Record<Exclude<MyApplicationStatus, 'withdrawn'>, number> = {
  received: 0,
  'in-progress': 1,
  successful: 2,
  closed: 2,
};

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  sectionTitle: {
    ...typographyStyles.title3,
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    outline: 'none',
  },
  status: {
    ...typographyStyles.subtitle1,
    margin: 0,
    display: 'inline-flex',
    alignSelf: 'flex-start',
    paddingInline: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  statusDone: {
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
  },
  steps: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
  step: {
    ...typographyStyles.body1,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBlockStart: tokens.spacingVerticalS,
    borderTopWidth: '4px',
    borderTopStyle: 'solid',
    borderTopColor: tokens.colorNeutralStroke2,
    color: tokens.colorNeutralForeground2,
  },
  stepReached: {
    borderTopColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForeground1,
  },
  stepCurrent: { ...typographyStyles.body1Strong },
  stepLabel: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  stepIcon: { color: tokens.colorBrandForeground1, fontSize: '20px', display: 'inline-flex' },
  actions: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
    alignItems: 'stretch',
  },
  action: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
  },
  actionTitle: { ...typographyStyles.subtitle2, margin: 0 },
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorStatusDangerBackground3Hover,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorStatusDangerBackground3Pressed,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
  list: {
    ...typographyStyles.body1,
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground1,
  },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** What the page shows once it knows: the application, or what became of it this visit. */
type Shown =
  | { kind: 'application'; application: MyApplication; justWithdrawn: boolean }
  | { kind: 'erased'; erased: MyApplicationErased }
  | { kind: 'gone' };

const isGone = (error: unknown) => errorStatus(error) === 404;

/**
 * /my-application/:token: the applicant's own view of one application through the private link
 * e-mailed to them, where they can withdraw it or have it erased (docs/behaviour.md#the-applicants-page).
 * Kept out of search engines; a link that opens nothing says so kindly and points to the
 * lost-link form on the privacy page.
 */
export function MyApplicationPage() {
  const { token = '' } = useParams();
  // Another link starts afresh: nothing one application's visit changed carries over.
  return <MyApplicationScreen key={token} token={token} />;
}

function MyApplicationScreen({ token }: { token: string }) {
  const site = useSitePageStyles();
  const { data, error, isLoading, isFetching, refetch } = useGetMyApplicationQuery(token, {
    refetchOnMountOrArgChange: true,
  });
  // What this visit changed overrides what the link answered when it was opened.
  const [changed, setChanged] = useState<Shown>();

  let content;
  if (changed) content = <Outcome shown={changed} token={token} onChange={setChanged} changedHere />;
  else if (isLoading) content = <PageLoading label="Loading your application..." />;
  else if (data) {
    content = (
      <Outcome
        shown={{ kind: 'application', application: data, justWithdrawn: false }}
        token={token}
        onChange={setChanged}
      />
    );
  } else if (isGone(error))
    content = <Outcome shown={{ kind: 'gone' }} token={token} onChange={setChanged} />;
  else
    content = (
      <LoadFailed message={errorMessage(error)} retrying={isFetching} onRetry={() => void refetch()} />
    );

  return (
    <div className={site.page}>
      <title>{`Your application | ${siteConfig.brandName} Careers`}</title>
      <meta name="robots" content="noindex" />
      {content}
    </div>
  );
}

function Outcome({
  shown,
  token,
  onChange,
  changedHere = false,
}: {
  shown: Shown;
  token: string;
  onChange: (shown: Shown) => void;
  /** Shown in place of the screen the applicant acted on: focus moves to what replaced it. */
  changedHere?: boolean;
}) {
  if (shown.kind === 'erased') return <Erased erased={shown.erased} />;
  if (shown.kind === 'gone') return <LinkGone focus={changedHere} />;
  return (
    <ApplicationView
      application={shown.application}
      justWithdrawn={shown.justWithdrawn}
      token={token}
      onChange={onChange}
    />
  );
}

function ApplicationView({
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
        lead={`Sent on ${formatUsDate(application.appliedAt)}.`}
      />
      <section className={mergeClasses(site.panel, styles.panel)} aria-labelledby={statusHeadingId}>
        <h2 id={statusHeadingId} ref={statusHeading} tabIndex={-1} className={styles.sectionTitle}>
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
        {justWithdrawn && (
          <MessageBar intent="success">
            <MessageBarBody>
              We have e-mailed you a confirmation. This link stops working once you leave this page: if you
              would also like your data erased, you can do it below now, or reply to that e-mail later.
            </MessageBarBody>
          </MessageBar>
        )}
      </section>
      <section className={styles.panel} aria-labelledby={actionsHeadingId}>
        <h2 id={actionsHeadingId} className={styles.sectionTitle}>
          What you can do
        </h2>
        {failure && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
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

/** Received, In progress, then the outcome: how far the application has come. */
function Steps({ status }: { status: Exclude<MyApplicationStatus, 'withdrawn'> }) {
  const styles = useStyles();
  const reached = stepOf[status];
  const labels = [
    'Received',
    'In progress',
    status === 'received' || status === 'in-progress' ? 'Decision' : statusText[status].label,
  ];
  return (
    <ol className={styles.steps} aria-label="Progress of your application">
      {labels.map((label, index) => (
        <li
          key={label}
          className={mergeClasses(
            styles.step,
            index <= reached && styles.stepReached,
            index === reached && styles.stepCurrent,
          )}
          aria-current={index === reached ? 'step' : undefined}
        >
          <span className={styles.stepLabel}>
            {index < reached && (
              <span className={styles.stepIcon}>
                <CheckmarkCircleFilled aria-hidden="true" />
              </span>
            )}
            {label}
            {index < reached && <span className="visually-hidden"> (done)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Moves focus to a heading once, when asked to (the content it heads replaced what had focus). */
function useFocusOnMount(focus: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return heading;
}

function Erased({ erased }: { erased: MyApplicationErased }) {
  const styles = useStyles();
  const site = useSitePageStyles();
  const listHeadingId = useId();
  const heading = useFocusOnMount(true);
  const notes = erased.notesDeleted;
  return (
    <>
      <PageHero
        headingRef={heading}
        eyebrow="Your application"
        title="Your application has been erased"
        lead={`We no longer hold your application for ${erased.jobTitle}, sent on ${formatUsDate(erased.appliedAt)}.`}
      />
      <section className={mergeClasses(site.panel, styles.panel)} aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} className={styles.sectionTitle}>
          <ShieldCheckmarkRegular aria-hidden="true" /> What we erased
        </h2>
        <ul className={styles.list}>
          <li>
            Your application for {erased.jobTitle}: your name, e-mail address, phone number and cover letter
          </li>
          {erased.cvDeleted && <li>Your CV</li>}
          {notes > 0 && (
            <li>{notes === 1 ? 'The note' : `The ${notes} notes`} our team wrote about your application</li>
          )}
          <li>The record of who looked at your application and when, and of its progress</li>
          <li>The e-mails we sent you about it, and this private link</li>
        </ul>
        <p className={site.body}>
          We keep only a note that an erasure happened, which does not show your e-mail address. Any other
          applications you have made to us are not affected.
        </p>
        <div className={styles.links}>
          <LinkButton
            to={screens.home.path()}
            appearance="primary"
            icon={<BriefcaseRegular aria-hidden="true" />}
          >
            See open positions
          </LinkButton>
        </div>
      </section>
    </>
  );
}

function LinkGone({ focus }: { focus: boolean }) {
  const styles = useStyles();
  const site = useSitePageStyles();
  const { retentionDays } = useSiteSettings();
  const headingId = useId();
  const heading = useFocusOnMount(focus);
  return (
    <>
      <PageHero headingRef={heading} eyebrow="Your application" title="This link no longer works" />
      <section className={mergeClasses(site.panel, styles.panel)} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.sectionTitle}>
          <LinkDismissRegular aria-hidden="true" /> Why this can happen
        </h2>
        <p className={site.body}>
          We are sorry: this private link does not open an application any more. We may have sent you a newer
          link that replaced it, the application may have been withdrawn or erased, or it may have been
          deleted
          {` ${retentionDays}`} days after it was sent, as our privacy notice explains. Please check that you
          copied the whole address from the e-mail.
        </p>
        <p className={site.body}>
          If you still have an application with us, you can ask for a new link on our privacy page. We will
          send it to the e-mail address you applied with.
        </p>
        <div className={styles.links}>
          <LinkButton
            to={`${PRIVACY_NOTICE_PATH}#${LOST_LINK_SECTION_ID}`}
            appearance="primary"
            icon={<MailRegular aria-hidden="true" />}
          >
            Ask for a new link
          </LinkButton>
          <LinkButton to={screens.home.path()} icon={<BriefcaseRegular aria-hidden="true" />}>
            See open positions
          </LinkButton>
        </div>
      </section>
    </>
  );
}

function LoadFailed({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const styles = useStyles();
  const site = useSitePageStyles();
  return (
    <>
      <PageHero eyebrow="Your application" title="We could not open your application" />
      <section className={mergeClasses(site.panel, styles.panel)} aria-label="What went wrong">
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
        <div className={styles.links}>
          <Button
            appearance="primary"
            icon={retrying ? <Spinner size="tiny" /> : <ArrowClockwiseRegular />}
            disabledFocusable={retrying}
            onClick={onRetry}
          >
            Try again
          </Button>
        </div>
      </section>
    </>
  );
}
