import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, Field, Input, MessageBarBody, Radio, RadioGroup } from '@fluentui/react-components';
import { MAX_SEARCH_TEXT } from '../../../shared/jobs/job-search';
import {
  ALERT_FREQUENCIES,
  FREQUENCY_WORDS,
  jobAlertMessages,
  type AlertFrequency,
  type AlertView,
} from '../../../shared/job-alerts/job-alerts-contract';
import { screens } from '../../../shared/site/screen-routes';
import { PageHero } from '../../components/page-hero';
import { useSitePageStyles } from '../../components/site-styles';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { errorMessage } from '../../store/api-error';
import {
  useChangeJobAlertMutation,
  useDeleteJobAlertMutation,
  useGetJobAlertQuery,
  useUnsubscribeFromJobAlertMutation,
} from './job-alerts-api';
import { useStyles } from './job-alerts.styles';

/** The alert's query with its search words replaced (its other filters kept), or as it is. */
function withWords(query: string, words: string | undefined): string {
  if (words === undefined) return query;
  const params = new URLSearchParams(query);
  if (words.trim()) params.set('q', words.trim());
  else params.delete('q');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * /job-alerts/manage/:token: the alert's own page, opened from any of its e-mails (the visit keeps
 * the alert going: docs/behaviour.md#job-alerts). Change how often or the search, pause, stop or
 * delete it. A link that opens nothing says so in words.
 */
export function JobAlertManagePage() {
  const site = useSitePageStyles();
  const styles = useStyles();
  const { token = '' } = useParams();
  const { data, error, isLoading } = useGetJobAlertQuery(token);
  const [alert, setAlert] = useState<AlertView>();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [frequency, setFrequency] = useState<AlertFrequency>();
  const [words, setWords] = useState<string>();
  const [change, changing] = useChangeJobAlertMutation();
  const [unsubscribe] = useUnsubscribeFromJobAlertMutation();
  const [remove] = useDeleteJobAlertMutation();
  const shown = alert ?? data;

  const act = async (action: () => Promise<void>) => {
    setFailure(undefined);
    try {
      await action();
    } catch (caught) {
      setFailure(errorMessage(caught, 'That did not work. Please try again.'));
    }
  };
  const save = (next: { frequency?: AlertFrequency; paused?: boolean; query?: string }) =>
    act(async () => {
      setAlert(await change({ token, change: next }).unwrap());
      // Pausing or resuming says which it did; any other change is a save.
      setDone(
        next.paused === undefined
          ? jobAlertMessages.saved
          : next.paused
            ? jobAlertMessages.paused
            : jobAlertMessages.resumed,
      );
    });

  return (
    <div className={site.page}>
      <title>Your job alert | Careers</title>
      <PageHero eyebrow="Job alerts" title="Your job alert" />
      <section className={styles.panel} aria-label="Job alert">
        {isLoading ? (
          <p role="status">Loading...</p>
        ) : error || !shown ? (
          <UntitledMessageBar layout="multiline" intent="warning" role="alert">
            <MessageBarBody>{errorMessage(error, jobAlertMessages.linkUnknown)}</MessageBarBody>
          </UntitledMessageBar>
        ) : done === jobAlertMessages.deleted || shown.status === 'ended' ? (
          <UntitledMessageBar layout="multiline" intent="info" role="status">
            <MessageBarBody>{done ?? jobAlertMessages.unsubscribed}</MessageBarBody>
          </UntitledMessageBar>
        ) : (
          <>
            <p className={styles.text}>
              {shown.description}.{' '}
              {shown.status === 'paused' ? 'Paused: nothing is sent until you resume it.' : ''}
            </p>
            <p className={styles.text}>
              <Link to={`${screens.home.path()}${shown.query}`}>See this search on the careers page</Link>,
              where you can set up an alert for a different search.
            </p>
            <form
              className={styles.form}
              onSubmit={(event) => {
                event.preventDefault();
                void save({ frequency: frequency ?? shown.frequency, query: withWords(shown.query, words) });
              }}
            >
              <Field label="Search words" hint="Every word must appear in the job. Leave empty for any job.">
                <Input
                  maxLength={MAX_SEARCH_TEXT}
                  value={words ?? new URLSearchParams(shown.query).get('q') ?? ''}
                  onChange={(_, next) => setWords(next.value)}
                />
              </Field>
              <Field label="How often">
                <RadioGroup
                  value={frequency ?? shown.frequency}
                  onChange={(_, next) => setFrequency(next.value as AlertFrequency)}
                >
                  {ALERT_FREQUENCIES.map((value) => (
                    <Radio key={value} value={value} label={FREQUENCY_WORDS[value]} />
                  ))}
                </RadioGroup>
              </Field>
              <div className={styles.actions}>
                <Button type="submit" appearance="primary" disabled={changing.isLoading}>
                  Save
                </Button>
                <Button onClick={() => void save({ paused: shown.status !== 'paused' })}>
                  {shown.status === 'paused' ? 'Resume alert' : 'Pause alert'}
                </Button>
                <Button
                  onClick={() =>
                    void act(async () => {
                      setDone((await unsubscribe(token).unwrap()).message);
                      setAlert({ ...shown, status: 'ended' });
                    })
                  }
                >
                  Unsubscribe
                </Button>
                <Button
                  onClick={() =>
                    void act(async () => {
                      setDone((await remove(token).unwrap()).message);
                    })
                  }
                >
                  Delete alert and my address
                </Button>
              </div>
            </form>
          </>
        )}
        <div role="status">
          {done && done !== jobAlertMessages.deleted && shown?.status !== 'ended' && (
            <UntitledMessageBar layout="multiline" intent="success">
              <MessageBarBody>{done}</MessageBarBody>
            </UntitledMessageBar>
          )}
        </div>
        {failure && (
          <UntitledMessageBar layout="multiline" intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </UntitledMessageBar>
        )}
      </section>
    </div>
  );
}
