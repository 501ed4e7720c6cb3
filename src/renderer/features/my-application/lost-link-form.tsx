import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBarBody, Spinner } from '@fluentui/react-components';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { MailRegular } from '@fluentui/react-icons/headless/svg/mail';
import { lostLinkSchema } from '../../../shared/my-application/my-application-contract';
import { errorMessage } from '../../store/api-error';
import { useRequestLostLinkMutation } from './my-application-api';
import { useStyles } from './lost-link-form.styles';

/** Where the privacy page shows this form; the applicant's page links here when a link has died. */
export const LOST_LINK_SECTION_ID = 'lost-link';

/**
 * "Lost your link?": the applicant gives the address they applied with and, if we hold
 * applications for it, a fresh link to each goes to that address. The answer reads the same
 * whether or not anything was found (docs/behaviour.md#the-applicants-page).
 */
export function LostLinkForm() {
  const styles = useStyles();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [answer, setAnswer] = useState<{ intent: 'success' | 'error'; text: string }>();
  const [request, { isLoading }] = useRequestLostLinkMutation();
  const input = useRef<HTMLInputElement>(null);
  // The privacy notice is drawn on the server: an address typed before the app took the form over
  // is in the field, not in state (hydration leaves it there), so the form takes it over. A press
  // of Send meanwhile is kept by the web entry and made again once the app runs (src/web/main.tsx).
  useLayoutEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) setEmail(typed);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAnswer(undefined);
    const parsed = lostLinkSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    try {
      const sent = await request(parsed.data).unwrap();
      setAnswer({ intent: 'success', text: sent.message });
    } catch (error) {
      setAnswer({
        intent: 'error',
        text: errorMessage(error, 'Your request could not be sent. Please try again.'),
      });
    }
  };

  return (
    <section id={LOST_LINK_SECTION_ID} className={styles.section} aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId} className={styles.heading}>
        <span className={styles.icon} aria-hidden="true">
          <MailRegular />
        </span>
        Lost your link?
      </h2>
      <p className={styles.intro}>
        Enter the e-mail address you applied with. If we hold applications for it, we will e-mail a new
        private link for each of them to that address. Each new link replaces the one we sent before.
      </p>
      <noscript>
        <p className={styles.noScript}>
          Asking for a new link needs JavaScript. Please turn it on in your browser.
        </p>
      </noscript>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field className={styles.field} label="Your e-mail address" required validationMessage={fieldError}>
          <Input
            ref={input}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(_, data) => setEmail(data.value)}
          />
        </Field>
        <Button
          type="submit"
          appearance="primary"
          disabled={isLoading}
          icon={isLoading ? <Spinner size="tiny" /> : undefined}
        >
          {isLoading ? 'Sending...' : 'Send me a new link'}
        </Button>
      </form>
      <div role="status">
        {answer?.intent === 'success' && (
          <UntitledMessageBar intent="success">
            <MessageBarBody>{answer.text}</MessageBarBody>
          </UntitledMessageBar>
        )}
      </div>
      {answer?.intent === 'error' && (
        <UntitledMessageBar intent="error" role="alert">
          <MessageBarBody>{answer.text}</MessageBarBody>
        </UntitledMessageBar>
      )}
    </section>
  );
}
