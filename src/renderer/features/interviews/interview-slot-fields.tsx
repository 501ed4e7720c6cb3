import { Checkbox, Field, Input } from '@fluentui/react-components';
import {
  MAX_INTERVIEW_MINUTES,
  MIN_INTERVIEW_MINUTES,
  type NewSlot,
} from '../../../shared/interviews/interview-contract';
import type { TeamInterviewer } from '../../../shared/team/team-contract';
import { useStyles } from './interviews.styles';

/** How long a new interview lasts until someone says otherwise. */
const DEFAULT_LENGTH_MINUTES = 45;

/** A first new time: only the length is filled in. */
export const emptySlot = (): NewSlot => ({
  date: '',
  time: '',
  durationMinutes: DEFAULT_LENGTH_MINUTES,
  place: '',
  interviewerIds: [],
});

/** The weekday after `date` (`YYYY-MM-DD`), skipping Saturday and Sunday. */
export function nextWorkingDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return '';
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

/**
 * Another time after `last`: the same length, place and interviewers, and the same time of day on
 * the next working day, so only what differs is typed (docs/behaviour.md#the-hiring-teams-screens).
 * With no date yet on `last`, the date is left empty.
 */
export const anotherSlot = (last: NewSlot): NewSlot => ({
  ...last,
  date: last.date ? nextWorkingDay(last.date) : '',
  interviewerIds: [...last.interviewerIds],
});

/**
 * The fields of one new interview time: date and time as a UK clock reads them, length, place or
 * video link, and the interviewers of the hiring team (checkboxes in a group of their own).
 */
export function InterviewSlotFields({
  slot,
  interviewers,
  onChange,
}: {
  slot: NewSlot;
  /** The hiring team's interviewers to choose from. */
  interviewers: readonly TeamInterviewer[];
  onChange: (patch: Partial<NewSlot>) => void;
}) {
  const styles = useStyles();
  return (
    <>
      <div className={styles.slotFields}>
        <Field label="Date" required>
          <Input type="date" value={slot.date} onChange={(_event, data) => onChange({ date: data.value })} />
        </Field>
        <Field label="Time (UK time)" required>
          <Input type="time" value={slot.time} onChange={(_event, data) => onChange({ time: data.value })} />
        </Field>
        <Field label="Length (minutes)" required>
          <Input
            type="number"
            min={MIN_INTERVIEW_MINUTES}
            max={MAX_INTERVIEW_MINUTES}
            step={15}
            value={String(slot.durationMinutes)}
            onChange={(_event, data) => onChange({ durationMinutes: Number(data.value) })}
          />
        </Field>
      </div>
      <Field label="Place or video link" required>
        <Input value={slot.place} onChange={(_event, data) => onChange({ place: data.value })} />
      </Field>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Interviewers</legend>
        {interviewers.length > 0 ? (
          interviewers.map((person) => (
            <Checkbox
              key={person._id}
              label={`${person.name} (${person.email})`}
              checked={slot.interviewerIds.includes(person._id)}
              onChange={(_event, data) =>
                onChange({
                  interviewerIds: data.checked
                    ? [...slot.interviewerIds, person._id]
                    : slot.interviewerIds.filter((id) => id !== person._id),
                })
              }
            />
          ))
        ) : (
          <p className={styles.note}>No interviewer on the hiring team yet: an administrator invites them.</p>
        )}
      </fieldset>
    </>
  );
}
