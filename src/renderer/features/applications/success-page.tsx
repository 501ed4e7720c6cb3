import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { CheckmarkCircleFilled } from '@fluentui/react-icons/headless/svg/checkmark-circle';
import { SUCCESS_FADE_MS, SUCCESS_PROCESSING_MS } from '../../../shared/limits';
import { siteConfig } from '../../../shared/site/site-config';
import { LinkButton } from '../../components/link-button';
import { screens } from '../../../shared/site/screen-routes';

const useStyles = makeStyles({
  page: {
    maxWidth: '720px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: 'clamp(32px, 8vw, 96px)',
    boxSizing: 'border-box',
    minHeight: '60vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  panel: {
    width: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
    padding: 'clamp(24px, 5vw, 48px)',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  fading: { opacity: 0, transitionProperty: 'opacity', transitionTimingFunction: 'ease-out' },
  shown: { opacity: 1 },
  icon: { fontSize: '72px', color: tokens.colorPaletteGreenForeground1 },
  neutralIcon: { fontSize: '72px', color: tokens.colorBrandForeground1 },
  title: { ...typographyStyles.title1, margin: 0, overflowWrap: 'anywhere' },
  text: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground2,
    maxWidth: '56ch',
    overflowWrap: 'anywhere',
  },
  lead: {
    ...typographyStyles.subtitle2,
    margin: 0,
    fontWeight: tokens.fontWeightRegular,
    overflowWrap: 'anywhere',
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, justifyContent: 'center' },
});

type Phase = 'processing' | 'fading' | 'shown';

/** What the apply form hands this page in the navigation's state, and only then. */
export interface SubmittedApplication {
  jobTitle: string;
  emailAcknowledged: boolean;
}

function submittedFrom(state: unknown): SubmittedApplication | null {
  const submitted = (state as { submitted?: Partial<SubmittedApplication> } | null)?.submitted;
  return typeof submitted?.jobTitle === 'string' && typeof submitted.emailAcknowledged === 'boolean'
    ? { jobTitle: submitted.jobTitle, emailAcknowledged: submitted.emailAcknowledged }
    : null;
}

/**
 * About 1.5 s of processing, a 0.5 s fade, then the confirmation, naming the role.
 * Only right after the form sent an application: opened any other way (a reload, a bookmark, the
 * back button) the page says nothing was sent from here, and points to the open jobs.
 */
export function SuccessPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, then taken out of the history entry, so a reload does not claim a submission again.
  const [submitted] = useState(() => submittedFrom(location.state));
  const hasState = location.state != null;
  useEffect(() => {
    if (hasState) void navigate(location.pathname, { replace: true, state: null });
  }, [hasState, navigate, location.pathname]);

  return submitted ? <Confirmation submitted={submitted} /> : <NothingToConfirm />;
}

function Confirmation({ submitted }: { submitted: SubmittedApplication }) {
  const styles = useStyles();
  const [phase, setPhase] = useState<Phase>('processing');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const toFade = setTimeout(() => setPhase('fading'), SUCCESS_PROCESSING_MS);
    return () => clearTimeout(toFade);
  }, []);

  useEffect(() => {
    if (phase !== 'fading') return;
    // The processing panel (and the focus it may hold) is gone: focus the outcome, which also
    // has it read out, once.
    heading.current?.focus();
    // One frame at opacity 0 first, so the browser has something to transition from.
    const frame = requestAnimationFrame(() => setPhase('shown'));
    return () => cancelAnimationFrame(frame);
  }, [phase]);

  return (
    <div className={styles.page}>
      <title>{`Application Submitted | ${siteConfig.brandName} Careers`}</title>
      {phase === 'processing' ? (
        <div className={styles.panel} role="status">
          <Spinner size="extra-large" />
          <h1 className={styles.title}>Processing your application...</h1>
          <p className={styles.text}>This will only take a moment.</p>
        </div>
      ) : (
        <section
          className={mergeClasses(styles.panel, styles.fading, phase === 'shown' && styles.shown)}
          style={{ transitionDuration: `${SUCCESS_FADE_MS}ms` }}
          aria-labelledby="success-title"
        >
          <CheckmarkCircleFilled className={styles.icon} aria-hidden="true" />
          <h1 id="success-title" ref={heading} tabIndex={-1} className={styles.title}>
            Application Submitted!
          </h1>
          <p className={styles.lead}>
            Thank you for applying for the {submitted.jobTitle} role at {siteConfig.brandName}.
          </p>
          <p className={styles.text}>
            {submitted.emailAcknowledged
              ? 'A confirmation e-mail is on its way to your inbox.'
              : 'Your application is saved. The confirmation e-mail may take a little longer to arrive.'}{' '}
            Our team will review your application and will contact you if your qualifications match the role.
          </p>
          <div className={styles.actions}>
            <LinkButton
              to={screens.home.path()}
              appearance="primary"
              icon={<ArrowLeftRegular aria-hidden="true" />}
            >
              Return to Home
            </LinkButton>
            <LinkButton to={screens.home.path()} icon={<BriefcaseRegular aria-hidden="true" />}>
              Browse More Jobs
            </LinkButton>
          </div>
        </section>
      )}
    </div>
  );
}

function NothingToConfirm() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <title>{`Applications | ${siteConfig.brandName} Careers`}</title>
      <section className={styles.panel} aria-labelledby="success-title">
        <BriefcaseRegular className={styles.neutralIcon} aria-hidden="true" />
        <h1 id="success-title" className={styles.title}>
          Looking for your application?
        </h1>
        <p className={styles.text}>
          This page confirms an application straight after it is sent, so there is nothing to show here now.
          If you applied earlier, the confirmation e-mail we sent you is your record of it.
        </p>
        <div className={styles.actions}>
          <LinkButton
            to={screens.home.path()}
            appearance="primary"
            icon={<BriefcaseRegular aria-hidden="true" />}
          >
            See open positions
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
