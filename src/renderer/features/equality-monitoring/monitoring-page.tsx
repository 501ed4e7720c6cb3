import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
} from '@fluentui/react-components';
import {
  monitoringQuestions,
  PREFER_NOT_TO_SAY,
  preferNotToSayLabel,
  type MonitoringAnswers,
} from '../../../shared/equality-monitoring/equality-monitoring-contract';
import { messages } from '../../../shared/messages';
import { screens } from '../../../shared/site/screen-routes';
import { siteConfig } from '../../../shared/site/site-config';
import { LinkButton } from '../../components/link-button';
import { errorMessage } from '../../store/api-error';
import { useSendMonitoringMutation } from './equality-monitoring-api';
import { useStyles } from './monitoring-page.styles';

interface MonitoringState {
  applicationId: string;
  token: string;
  jobTitle: string;
}

function monitoringFrom(state: unknown): MonitoringState | null {
  const found = (state as { monitoring?: Partial<MonitoringState> } | null)?.monitoring;
  return typeof found?.applicationId === 'string' &&
    typeof found.token === 'string' &&
    typeof found.jobTitle === 'string'
    ? { applicationId: found.applicationId, token: found.token, jobTitle: found.jobTitle }
    : null;
}

/**
 * The optional equality monitoring questions, on their own page after an application is sent
 * (the success page links here with what the return needs). Every question may be left out or
 * answered "Prefer not to say"; the answers are kept apart from the application
 * (docs/behaviour.md#equality-monitoring).
 */
export function MonitoringPage() {
  const styles = useStyles();
  const location = useLocation();
  const [monitoring] = useState(() => monitoringFrom(location.state));
  const [answers, setAnswers] = useState<MonitoringAnswers>({});
  const [send, { isLoading }] = useSendMonitoringMutation();
  const [outcome, setOutcome] = useState<{ done: boolean; message: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const errorBar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome?.done) heading.current?.focus();
    else if (outcome) errorBar.current?.focus();
  }, [outcome]);

  const title = `Equality monitoring | ${siteConfig.brandName} Careers`;
  if (!monitoring) {
    return (
      <div className={styles.page}>
        <title>{title}</title>
        <section className={styles.panel} aria-labelledby="monitoring-title">
          <h1 id="monitoring-title" className={styles.title}>
            Equality monitoring
          </h1>
          <p className={styles.text}>
            These optional questions are offered right after you apply. There is nothing to answer from here.
          </p>
          <div className={styles.actions}>
            <LinkButton to={screens.home.path()} appearance="primary">
              Browse jobs
            </LinkButton>
          </div>
        </section>
      </div>
    );
  }

  if (outcome?.done) {
    return (
      <div className={styles.page}>
        <title>{title}</title>
        <section className={styles.panel} aria-labelledby="monitoring-title">
          <h1 id="monitoring-title" ref={heading} tabIndex={-1} className={styles.title}>
            Thank you
          </h1>
          <p className={styles.text}>{outcome.message}</p>
          <div className={styles.actions}>
            <LinkButton to={screens.home.path()} appearance="primary">
              Return to Home
            </LinkButton>
          </div>
        </section>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    try {
      await send({ applicationId: monitoring.applicationId, token: monitoring.token, answers }).unwrap();
      setOutcome({ done: true, message: messages.monitoringSaved });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 409) setOutcome({ done: true, message: messages.monitoringAlreadySent });
      else setOutcome({ done: false, message: errorMessage(error) });
    }
  };

  return (
    <div className={styles.page}>
      <title>{title}</title>
      <form className={styles.panel} aria-labelledby="monitoring-title" onSubmit={onSubmit} noValidate>
        <h1 id="monitoring-title" className={styles.title}>
          Equality monitoring (optional)
        </h1>
        <p className={styles.text}>
          Your application for {monitoring.jobTitle} has been sent. These questions help us check that our
          recruitment treats everyone fairly. Every question is optional, and each has "Prefer not to say".
        </p>
        <p className={styles.text}>
          Your answers are stored apart from your application, with nothing that links them to you or to it,
          and nobody deciding on your application sees them. We report them only as totals, never for a group
          of fewer than five people.
        </p>
        {monitoringQuestions.map((question) => (
          <Field key={question.key} label={question.label} className={styles.question}>
            <RadioGroup
              value={answers[question.key] ?? ''}
              onChange={(_, data) => setAnswers((current) => ({ ...current, [question.key]: data.value }))}
              disabled={isLoading}
            >
              {question.options.map((item) => (
                <Radio key={item.value} value={item.value} label={item.label} />
              ))}
              <Radio value={PREFER_NOT_TO_SAY} label={preferNotToSayLabel} />
            </RadioGroup>
          </Field>
        ))}
        {outcome && !outcome.done && (
          <MessageBar ref={errorBar} intent="error" tabIndex={-1} className={styles.error}>
            <MessageBarBody>{outcome.message}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" icon={isLoading ? <Spinner size="tiny" /> : undefined}>
            {isLoading ? 'Sending...' : 'Send my answers'}
          </Button>
          <LinkButton to={screens.home.path()}>Skip these questions</LinkButton>
        </div>
      </form>
    </div>
  );
}
