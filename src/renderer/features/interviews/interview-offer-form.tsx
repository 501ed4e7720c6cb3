import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, Checkbox, Spinner } from '@fluentui/react-components';
import {
  MAX_SLOTS_PER_OFFER,
  type NewSlot,
  type StaffSlot,
} from '../../../shared/interviews/interview-contract';
import { formatInterviewTime } from '../../../shared/interviews/london-time';
import type { TeamInterviewer } from '../../../shared/team/team-contract';
import { errorMessage, errorStatus } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { anotherSlot, emptySlot, InterviewSlotFields } from './interview-slot-fields';
import { useOfferInterviewSlotsMutation, type InterviewSource } from './interviews-api';
import { useStyles } from './interviews.styles';

/**
 * The offer of interview times: new times (date and time as a UK clock reads, length, place or
 * video link, interviewers of the hiring team; "Add another time" copies the last one's but its
 * date), and the job's free times already offered to others. The server checks every rule (24 hours ahead, a time the clocks skip, who may
 * interview); its refusal is shown above the button as it says it.
 */
export function InterviewOfferForm({
  applicationId,
  source,
  interviewers,
  freeSlots,
  onDone,
  onCancel,
  onMoveWithoutTimes,
}: {
  applicationId: string;
  source: InterviewSource;
  /** The hiring team's interviewers to choose from. */
  interviewers: readonly TeamInterviewer[];
  /** The job's free times not yet offered to this application. */
  freeSlots: readonly StaffSlot[];
  onDone: () => void;
  onCancel: () => void;
  /** Offered when the form opened from a stage choice: the move as it was, with no times. */
  onMoveWithoutTimes?: () => void;
}) {
  const styles = useStyles();
  const toast = useToast();
  const formId = useId();
  const [slots, setSlots] = useState<NewSlot[]>(freeSlots.length > 0 ? [] : [emptySlot()]);
  const [reused, setReused] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [offer, { isLoading }] = useOfferInterviewSlotsMutation();
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The form opens at the press of a button or a stage choice: the keyboard follows it there.
  useEffect(() => titleRef.current?.focus(), []);

  const change = (index: number, patch: Partial<NewSlot>) => {
    setSlots((current) => current.map((slot, at) => (at === index ? { ...slot, ...patch } : slot)));
    setRefusal(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    try {
      await offer({ id: applicationId, source, offer: { slots, slotIds: reused } }).unwrap();
      toast.success('Interview times offered: the applicant has been e-mailed a link to book one.', {
        applicationScreen: true,
      });
      onDone();
    } catch (cause) {
      // A 401 has signed out already; anything else is about this offer, and says why.
      if (errorStatus(cause) === 401) return;
      setRefusal(errorMessage(cause, 'The interview times could not be offered. Please try again.'));
    }
  };

  return (
    <form
      className={styles.form}
      aria-labelledby={`${formId}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${formId}-title`} ref={titleRef} tabIndex={-1} className={styles.formTitle}>
        Offer interview times
      </h3>
      {freeSlots.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Free times of this job (UK time)</legend>
          {freeSlots.map((slot) => (
            <Checkbox
              key={slot._id}
              label={`${formatInterviewTime(slot.startsAt)}, ${slot.durationMinutes} minutes, ${slot.place}`}
              checked={reused.includes(slot._id)}
              onChange={(_event, data) => {
                setReused((current) =>
                  data.checked ? [...current, slot._id] : current.filter((id) => id !== slot._id),
                );
                setRefusal(undefined);
              }}
            />
          ))}
        </fieldset>
      )}
      {slots.map((slot, index) => (
        <fieldset key={index} className={styles.fieldset}>
          <legend className={styles.legend}>{`New time ${index + 1}`}</legend>
          <InterviewSlotFields
            slot={slot}
            interviewers={interviewers}
            onChange={(patch) => change(index, patch)}
          />
          {slots.length > 1 && (
            <Button onClick={() => setSlots((current) => current.filter((_slot, at) => at !== index))}>
              {`Remove time ${index + 1}`}
            </Button>
          )}
        </fieldset>
      ))}
      {slots.length + reused.length < MAX_SLOTS_PER_OFFER && (
        <div>
          <Button
            onClick={() =>
              setSlots((current) => [
                ...current,
                current.length > 0 ? anotherSlot(current.at(-1)!) : emptySlot(),
              ])
            }
          >
            Add another time
          </Button>
        </div>
      )}
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <div className={styles.actions}>
        {/* Focusable while sending: a disabled button would drop a keyboard user's focus. */}
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={isLoading}
          icon={isLoading ? <Spinner size="tiny" /> : undefined}
        >
          Offer these times
        </Button>
        {onMoveWithoutTimes && (
          <Button onClick={onMoveWithoutTimes}>Move to Interview without offering times</Button>
        )}
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
