import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner, mergeClasses } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons/headless/svg/arrow-left';
import { BriefcaseRegular } from '@fluentui/react-icons/headless/svg/briefcase';
import { CheckmarkCircleFilled } from '@fluentui/react-icons/headless/svg/checkmark-circle';
import { SUCCESS_FADE_MS, SUCCESS_PROCESSING_MS } from '../../../shared/limits';
import { siteConfig } from '../../../shared/site/site-config';
import { LinkButton } from '../../components/link-button';
import { useStyles } from './application-confirmation.styles';
import { useSuccessPageStyles } from './success-page.styles';
import { screens } from '../../../shared/site/screen-routes';

type Phase = 'processing' | 'fading' | 'shown';

/** What the apply form hands the success page in the navigation's state, and only then. */
export interface SubmittedApplication {
  jobTitle: string;
  emailAcknowledged: boolean;
  /** What the optional equality monitoring page needs to send its answers (none when it is off). */
  monitoring?: { applicationId: string; token: string };
}

export function Confirmation({ submitted }: { submitted: SubmittedApplication }) {
  const styles = useStyles();
  const shared = useSuccessPageStyles();
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
    <div className={shared.page}>
      <title>{`Application Submitted | ${siteConfig.brandName} Careers`}</title>
      {phase === 'processing' ? (
        <div className={shared.panel} role="status">
          <Spinner size="extra-large" />
          <h1 className={shared.title}>Processing your application...</h1>
          <p className={shared.text}>This will only take a moment.</p>
        </div>
      ) : (
        <section
          className={mergeClasses(shared.panel, styles.fading, phase === 'shown' && styles.shown)}
          style={{ transitionDuration: `${SUCCESS_FADE_MS}ms` }}
          aria-labelledby="success-title"
        >
          <CheckmarkCircleFilled className={styles.icon} aria-hidden="true" />
          <h1 id="success-title" ref={heading} tabIndex={-1} className={shared.title}>
            Application Submitted!
          </h1>
          <p className={styles.lead}>
            Thank you for applying for the {submitted.jobTitle} role at {siteConfig.brandName}.
          </p>
          <p className={shared.text}>
            {submitted.emailAcknowledged
              ? 'A confirmation e-mail is on its way to your inbox.'
              : 'Your application is saved. The confirmation e-mail may take a little longer to arrive.'}{' '}
            Our team will review your application and will contact you if your qualifications match the role.
          </p>
          {submitted.monitoring && (
            <p className={shared.text}>
              One more thing, if you are willing: a few optional equality monitoring questions help us check
              that our recruitment is fair. Your answers are kept apart from your application and nobody
              deciding on it sees them.{' '}
              <Link
                className={styles.link}
                to={screens.equalityMonitoring.path()}
                state={{ monitoring: { ...submitted.monitoring, jobTitle: submitted.jobTitle } }}
              >
                Answer the equality monitoring questions
              </Link>
            </p>
          )}
          <div className={shared.actions}>
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
