import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, MessageBarBody, Spinner } from '@fluentui/react-components';
import { screens } from '../../../shared/site/screen-routes';
import { PageHero } from '../../components/page-hero';
import { useSitePageStyles } from '../../components/site-styles';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { errorMessage } from '../../store/api-error';
import { useConfirmJobAlertMutation } from './job-alerts-api';
import { useStyles } from './job-alerts.styles';

/**
 * /job-alerts/confirm/:token: the double opt-in's link. Confirming takes a press of the button, not
 * the visit, so a mail program that opens links to check them confirms nothing. An expired, used or
 * unknown link gets the server's words here, never an error page.
 */
export function JobAlertConfirmPage() {
  const site = useSitePageStyles();
  const styles = useStyles();
  const { token = '' } = useParams();
  const [confirm, { isLoading }] = useConfirmJobAlertMutation();
  const [answer, setAnswer] = useState<{ intent: 'success' | 'error'; text: string }>();

  const onConfirm = async () => {
    try {
      setAnswer({ intent: 'success', text: (await confirm(token).unwrap()).message });
    } catch (error) {
      setAnswer({
        intent: 'error',
        text: errorMessage(error, 'Your alert could not be confirmed. Please try again.'),
      });
    }
  };

  return (
    <div className={site.page}>
      <title>Confirm your job alert | Careers</title>
      <PageHero eyebrow="Job alerts" title="Confirm your job alert" />
      <section className={styles.panel} aria-label="Confirmation">
        {answer ? (
          <>
            <UntitledMessageBar
              layout="multiline"
              intent={answer.intent}
              role={answer.intent === 'error' ? 'alert' : 'status'}
            >
              <MessageBarBody>{answer.text}</MessageBarBody>
            </UntitledMessageBar>
            <p className={styles.text}>
              <Link to={screens.home.path()}>See the open jobs</Link>
            </p>
          </>
        ) : (
          <>
            <p className={styles.text}>
              Press the button to start e-mailing you the jobs you asked for. You can change, pause or stop
              the alert from any of its e-mails.
            </p>
            <div className={styles.actions}>
              <Button
                appearance="primary"
                disabled={isLoading}
                icon={isLoading ? <Spinner size="tiny" /> : undefined}
                onClick={() => void onConfirm()}
              >
                Confirm my job alert
              </Button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
