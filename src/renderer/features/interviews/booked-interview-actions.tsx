import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Radio, RadioGroup, Spinner } from '@fluentui/react-components';
import type { NewSlot, StaffSlot } from '../../../shared/interviews/interview-contract';
import { formatInterviewTime, londonWallClock } from '../../../shared/interviews/london-time';
import type { TeamInterviewer } from '../../../shared/team/team-contract';
import { confirmDialog } from '../../feedback/dialogs';
import { useToast } from '../../feedback/use-toast';
import { errorMessage, errorStatus } from '../../store/api-error';
import { anotherSlot, InterviewSlotFields } from './interview-slot-fields';
import { useCancelInterviewMutation, useMoveInterviewMutation, type InterviewSource } from './interviews-api';
import { useStyles } from './interviews.styles';

/** The radio value of "A new time" among the job's free times. */
const NEW_TIME = 'new';

const slotLabel = (slot: StaffSlot) =>
  `${formatInterviewTime(slot.startsAt)}, ${slot.durationMinutes} minutes, ${slot.place}, with ${slot.interviewers
    .map((person) => person.name)
    .join(', ')}`;

/** The booked time as the new-time fields start: its length, place and interviewers, the next working day. */
const fromBooked = (booked: StaffSlot): NewSlot =>
  anotherSlot({
    ...londonWallClock(new Date(booked.startsAt)),
    durationMinutes: booked.durationMinutes,
    place: booked.place,
    interviewerIds: booked.interviewers.map((person) => person._id),
  });

/**
 * Moving or cancelling a booked interview for the applicant, by an administrator or the job's
 * hiring manager (docs/behaviour.md#the-hiring-teams-screens): to another of the job's free times
 * or to a new one (filled in from the booked time), or cancelled after a confirmation. The server
 * e-mails the applicant and the interviewers; its refusal is shown as it says it.
 */
export function BookedInterviewActions({
  applicationId,
  source,
  booked,
  slots,
  interviewers,
}: {
  applicationId: string;
  source: InterviewSource;
  /** The time this application has booked. */
  booked: StaffSlot;
  /** The job's coming times, as the Interview card has them. */
  slots: readonly StaffSlot[];
  /** The hiring team's interviewers to choose from for a new time. */
  interviewers: readonly TeamInterviewer[];
}) {
  const styles = useStyles();
  const toast = useToast();
  const formId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [moving, setMoving] = useState(false);
  const [choice, setChoice] = useState('');
  const [newTime, setNewTime] = useState<NewSlot>(() => fromBooked(booked));
  const [refusal, setRefusal] = useState<string | undefined>();
  const [move, { isLoading: sending }] = useMoveInterviewMutation();
  const [cancel, { isLoading: cancelling }] = useCancelInterviewMutation();
  const moveButtonRef = useRef<HTMLButtonElement>(null);
  const wasMoving = useRef(false);
  // The job's free times (the card's are the coming ones), and the booked time's interviewers
  // among those to choose from even when no longer on the team's list.
  const free = slots.filter((slot) => slot.booking === 'free');
  const people = [...interviewers, ...booked.interviewers].filter(
    (person, index, all) => all.findIndex((other) => other._id === person._id) === index,
  );

  // The form opens at the press of a button and the keyboard follows it there; when it closes,
  // the keyboard is back on the button that opened it.
  useEffect(() => {
    if (moving) titleRef.current?.focus();
    else if (wasMoving.current) moveButtonRef.current?.focus();
    wasMoving.current = moving;
  }, [moving]);

  const open = () => {
    setChoice(free.length > 0 ? '' : NEW_TIME);
    setNewTime(fromBooked(booked));
    setRefusal(undefined);
    setMoving(true);
  };

  const refused = (cause: unknown, fallback: string) => {
    // A 401 has signed out already; anything else is about this change, and says why.
    if (errorStatus(cause) !== 401) setRefusal(errorMessage(cause, fallback));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    if (!choice) {
      setRefusal('Choose the time to move the interview to.');
      return;
    }
    try {
      await move({
        id: applicationId,
        source,
        move: choice === NEW_TIME ? { slot: newTime } : { slotId: choice },
      }).unwrap();
      toast.success('Interview moved: the applicant and the interviewers have been e-mailed the new time.', {
        applicationScreen: true,
      });
      setMoving(false);
    } catch (cause) {
      refused(cause, 'The interview could not be moved. Please try again.');
    }
  };

  const onCancel = async () => {
    setRefusal(undefined);
    const confirmed = await confirmDialog({
      title: 'Cancel this interview?',
      text: 'The applicant and the interviewers will be e-mailed that it is cancelled, and the time will be free again.',
      confirmButtonText: 'Yes, cancel it',
      cancelButtonText: 'Keep it',
    });
    if (!confirmed) return;
    try {
      await cancel({ id: applicationId, source }).unwrap();
      toast.success('Interview cancelled: the applicant and the interviewers have been e-mailed.', {
        applicationScreen: true,
      });
    } catch (cause) {
      refused(cause, 'The interview could not be cancelled. Please try again.');
    }
  };

  const refusalLine = refusal && (
    <p className={styles.refusal} role="alert">
      {refusal}
    </p>
  );

  if (!moving) {
    return (
      <>
        {refusalLine}
        <div className={styles.actions}>
          <Button ref={moveButtonRef} onClick={open}>
            Move to another time
          </Button>
          <Button
            disabledFocusable={cancelling}
            icon={cancelling ? <Spinner size="tiny" /> : undefined}
            onClick={() => void onCancel()}
          >
            Cancel the interview
          </Button>
        </div>
      </>
    );
  }

  return (
    <form
      className={styles.form}
      aria-labelledby={`${formId}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${formId}-title`} ref={titleRef} tabIndex={-1} className={styles.formTitle}>
        Move the interview
      </h3>
      <Field label="Move it to (UK time)" required>
        <RadioGroup
          value={choice}
          onChange={(_event, { value }) => {
            setChoice(value);
            setRefusal(undefined);
          }}
        >
          {free.map((slot) => (
            <Radio key={slot._id} value={slot._id} label={slotLabel(slot)} />
          ))}
          <Radio value={NEW_TIME} label="A new time" />
        </RadioGroup>
      </Field>
      {choice === NEW_TIME && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>New time</legend>
          <InterviewSlotFields
            slot={newTime}
            interviewers={people}
            onChange={(patch) => {
              setNewTime((current) => ({ ...current, ...patch }));
              setRefusal(undefined);
            }}
          />
        </fieldset>
      )}
      {refusalLine}
      <div className={styles.actions}>
        {/* Focusable while sending: a disabled button would drop a keyboard user's focus. */}
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={sending}
          icon={sending ? <Spinner size="tiny" /> : undefined}
        >
          Move the interview
        </Button>
        <Button onClick={() => setMoving(false)}>Keep this time</Button>
      </div>
    </form>
  );
}
