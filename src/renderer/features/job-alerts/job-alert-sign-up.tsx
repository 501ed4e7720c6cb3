import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBarBody, Radio, RadioGroup, Spinner } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import {
  ALERT_FREQUENCIES,
  alertSignUpSchema,
  FREQUENCY_WORDS,
  type AlertFrequency,
} from '../../../shared/job-alerts/job-alerts-contract';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { errorMessage } from '../../store/api-error';
import { useSignUpForJobAlertMutation } from './job-alerts-api';
import { useStyles } from './job-alerts.styles';

export interface JobAlertSignUpProps {
  /** The careers search the visitor sees, as its query string ("" for every job). */
  query: string;
  /** That search in words. */
  description: string;
}

/**
 * "E-mail me jobs like these" under the careers search (docs/behaviour.md#job-alerts): an address
 * and how often; nothing is sent but a confirmation link until the visitor follows it.
 */
export function JobAlertSignUp({ query, description }: JobAlertSignUpProps) {
  const styles = useStyles();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [fieldError, setFieldError] = useState<string>();
  const [answer, setAnswer] = useState<{ intent: 'success' | 'error'; text: string }>();
  const [signUp, { isLoading }] = useSignUpForJobAlertMutation();
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAnswer(undefined);
    const parsed = alertSignUpSchema.safeParse({ email, query, frequency });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    try {
      const sent = await signUp(parsed.data).unwrap();
      setAnswer({ intent: 'success', text: sent.message });
    } catch (error) {
      setAnswer({
        intent: 'error',
        text: errorMessage(error, 'Your alert could not be set up. Please try again.'),
      });
    }
  };

  return (
    <section className={styles.panel} aria-label="Job alert">
      <Button
        className={styles.toggle}
        icon={<MailRegular />}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
      >
        E-mail me jobs like these
      </Button>
      {open && (
        <form id={formId} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <p className={styles.text}>{description}.</p>
          <Field label="Your e-mail address" required validationMessage={fieldError}>
            <Input
              ref={input}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(_, data) => setEmail(data.value)}
            />
          </Field>
          <Field label="How often">
            <RadioGroup value={frequency} onChange={(_, data) => setFrequency(data.value as AlertFrequency)}>
              {ALERT_FREQUENCIES.map((value) => (
                <Radio key={value} value={value} label={FREQUENCY_WORDS[value]} />
              ))}
            </RadioGroup>
          </Field>
          <div className={styles.actions}>
            <Button
              type="submit"
              appearance="primary"
              disabled={isLoading}
              icon={isLoading ? <Spinner size="tiny" /> : undefined}
            >
              {isLoading ? 'Sending...' : 'Create job alert'}
            </Button>
          </div>
          <p className={styles.text}>
            We e-mail you a link to confirm first. Every alert e-mail has a link to change, pause or stop it.
          </p>
        </form>
      )}
      <div role="status">
        {answer?.intent === 'success' && (
          <UntitledMessageBar layout="multiline" intent="success">
            <MessageBarBody>{answer.text}</MessageBarBody>
          </UntitledMessageBar>
        )}
      </div>
      {answer?.intent === 'error' && (
        <UntitledMessageBar layout="multiline" intent="error" role="alert">
          <MessageBarBody>{answer.text}</MessageBarBody>
        </UntitledMessageBar>
      )}
    </section>
  );
}
