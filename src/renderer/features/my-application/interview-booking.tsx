import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Field,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Textarea,
  mergeClasses,
} from '@fluentui/react-components';
import {
  MAX_ADJUSTMENTS_LENGTH,
  slotTakenSchema,
  type ApplicantSlot,
} from '../../../shared/interviews/interview-contract';
import { interviewLine } from '../../../shared/interviews/interview-line';
import { formatInterviewTime } from '../../../shared/interviews/london-time';
import { UntitledMessageBar } from '../../components/untitled-message-bar';
import { useSitePageStyles } from '../../components/site-styles';
import { confirmDialog } from '../../feedback/dialogs';
import { errorMessage } from '../../store/api-error';
import {
  useBookMyInterviewMutation,
  useCancelMyInterviewMutation,
  useGetMyInterviewQuery,
} from './my-application-api';
import { usePanelStyles } from './my-application-panel.styles';
import { useStyles } from './interview-booking.styles';

const slotLabel = (slot: ApplicantSlot) =>
  `${formatInterviewTime(slot.startsAt)}, ${slot.durationMinutes} minutes, ${slot.place}`;

/**
 * The applicant's interview on their page (docs/behaviour.md#interviews): the times offered to
 * choose from, the one booked with a way to move or cancel it until 24 hours before, and what they
 * need adjusted. Shows nothing until interview times have been offered; once the job has closed or
 * the application was decided, why it can no longer be changed. The server's refusals (a time
 * taken meanwhile, too many changes in a day) are shown in its words.
 */
export function InterviewBooking({ token }: { token: string }) {
  const styles = useStyles();
  const shared = usePanelStyles();
  const site = useSitePageStyles();
  const headingId = useId();
  const { data } = useGetMyInterviewQuery(token);
  const [book, { isLoading: booking }] = useBookMyInterviewMutation();
  const [cancel, { isLoading: cancelling }] = useCancelMyInterviewMutation();
  const [chosen, setChosen] = useState('');
  const [adjustments, setAdjustments] = useState('');
  const [notice, setNotice] = useState<{ intent: 'error' | 'success'; text: string }>();
  /** The times still free after a refusal, which the server sent with it. */
  const [freeAfterRefusal, setFreeAfterRefusal] = useState<ApplicantSlot[]>();
  const [shown, setShown] = useState<typeof data>();
  const current = shown ?? data;
  if (!current || (current.slots.length === 0 && !current.booking)) return null;

  const slots = freeAfterRefusal ?? current.slots;
  const busy = booking || cancelling;
  const changeable = !current.closed && (!current.booking || current.booking.changeable);

  const refused = (error: unknown, fallback: string) => {
    const taken = slotTakenSchema.safeParse((error as { data?: unknown }).data);
    if (taken.success) setFreeAfterRefusal(taken.data.slots);
    setChosen('');
    setNotice({ intent: 'error', text: errorMessage(error, fallback) });
  };

  const onBook = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    if (!chosen) {
      setNotice({ intent: 'error', text: 'Choose one of the times first.' });
      return;
    }
    try {
      const answer = await book({
        token,
        booking: { slotId: chosen, ...(adjustments.trim() ? { adjustments } : {}) },
      }).unwrap();
      setShown(answer);
      setFreeAfterRefusal(undefined);
      setChosen('');
      setNotice({
        intent: 'success',
        text: current.booking
          ? 'Your interview has moved. We have e-mailed you the new invitation.'
          : 'Your interview is booked. We have e-mailed you an invitation for your calendar.',
      });
    } catch (error) {
      refused(error, 'Your interview could not be booked. Please try again.');
    }
  };

  const onCancel = async () => {
    setNotice(undefined);
    const confirmed = await confirmDialog({
      title: 'Cancel your interview?',
      text: 'The time will be given up, and you can choose another one here while times are offered.',
      confirmButtonText: 'Yes, cancel it',
      cancelButtonText: 'Keep it',
    });
    if (!confirmed) return;
    try {
      setShown(await cancel(token).unwrap());
      setFreeAfterRefusal(undefined);
      setNotice({ intent: 'success', text: 'Your interview is cancelled. We have e-mailed you to confirm.' });
    } catch (error) {
      refused(error, 'Your interview could not be cancelled. Please try again.');
    }
  };

  return (
    <section className={mergeClasses(site.panel, shared.panel)} aria-labelledby={headingId}>
      <h2 id={headingId} className={shared.sectionTitle}>
        Your interview
      </h2>
      {notice && (
        <UntitledMessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{notice.text}</MessageBarBody>
        </UntitledMessageBar>
      )}
      {current.booking && (
        <>
          <p className={styles.booked}>Booked: {interviewLine(current.booking)}</p>
          {current.booking.adjustments && (
            <p className={site.body}>You asked for: {current.booking.adjustments}</p>
          )}
          {!current.booking.changeable && !current.closed && (
            <p className={site.body}>
              Your interview is less than 24 hours away, so it can no longer be moved or cancelled here. If
              you need to change it, reply to your invitation e-mail and our team will help.
            </p>
          )}
        </>
      )}
      {current.closed && <p className={site.body}>{current.closed}</p>}
      {changeable && slots.length > 0 && (
        <form className={styles.form} onSubmit={(event) => void onBook(event)} noValidate>
          <Field label={current.booking ? 'Move to another time (UK time)' : 'Choose a time (UK time)'}>
            <RadioGroup value={chosen} onChange={(_event, { value }) => setChosen(value)}>
              {slots.map((slot) => (
                <Radio key={slot._id} value={slot._id} label={slotLabel(slot)} />
              ))}
            </RadioGroup>
          </Field>
          <Field
            label="Do you need any adjustment for the interview? (optional)"
            hint="For example step-free access, extra time, or a sign language interpreter."
          >
            <Textarea
              value={adjustments}
              maxLength={MAX_ADJUSTMENTS_LENGTH}
              onChange={(_event, { value }) => setAdjustments(value)}
            />
          </Field>
          <div className={styles.buttons}>
            <Button
              type="submit"
              appearance="primary"
              disabledFocusable={busy}
              icon={booking ? <Spinner size="tiny" /> : undefined}
            >
              {current.booking ? 'Move my interview' : 'Book this time'}
            </Button>
          </div>
        </form>
      )}
      {current.booking?.changeable && (
        <div className={styles.buttons}>
          <Button
            appearance="secondary"
            disabledFocusable={busy}
            icon={cancelling ? <Spinner size="tiny" /> : undefined}
            onClick={() => void onCancel()}
          >
            Cancel my interview
          </Button>
        </div>
      )}
    </section>
  );
}
