import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Radio, RadioGroup, Spinner } from '@fluentui/react-components';
import type { ApplicationStage } from '../../../shared/applications/stage-contract';
import { londonToday } from '../../../shared/format/calendar-date';
import {
  rightToWorkMethodLabels,
  rightToWorkMethods,
  type RightToWorkCheck,
  type RightToWorkMethod,
} from '../../../shared/right-to-work/right-to-work-contract';
import { errorMessage, errorStatus } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useSaveRightToWorkMutation } from './right-to-work-api';
import { useStyles } from './right-to-work-card.styles';

/**
 * The check's method and dates; saving records the signed-in administrator as who checked. The
 * employment's end date is asked at Hired alone: at Offer there is no employment to end yet, and
 * the server refuses one (docs/behaviour.md#right-to-work-checks). Opened again by Change on a
 * complete check, it takes the focus and offers Cancel.
 */
export function RightToWorkCheckForm({
  applicationId,
  check,
  stage,
  onSaved,
  onCancel,
}: {
  applicationId: string;
  check: RightToWorkCheck | null;
  stage: ApplicationStage;
  onSaved?: () => void;
  /** Given when the form was opened to change a complete check: closes it unchanged. */
  onCancel?: () => void;
}) {
  const styles = useStyles();
  const toast = useToast();
  const [method, setMethod] = useState<RightToWorkMethod | ''>(check?.method ?? '');
  const [checkedOn, setCheckedOn] = useState(check?.checkedOn ?? londonToday());
  const [followUpOn, setFollowUpOn] = useState(check?.followUpOn ?? '');
  const [employmentEndedOn, setEmploymentEndedOn] = useState(check?.employmentEndedOn ?? '');
  const [refusal, setRefusal] = useState<string | undefined>();
  const [save, { isLoading }] = useSaveRightToWorkMutation();
  const firstControl = useRef<HTMLDivElement>(null);
  const hired = stage === 'hired';
  const changing = onCancel !== undefined;

  // Opened by Change: the keyboard goes on from the form's first choice.
  useEffect(() => {
    if (!changing) return;
    const group = firstControl.current;
    (group?.querySelector<HTMLInputElement>('input:checked') ?? group?.querySelector('input'))?.focus();
  }, [changing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!method) {
      setRefusal('Choose how the right to work was checked.');
      return;
    }
    setRefusal(undefined);
    try {
      await save({
        applicationId,
        check: {
          method,
          checkedOn,
          followUpOn: followUpOn || null,
          employmentEndedOn: hired ? employmentEndedOn || null : null,
        },
      }).unwrap();
      toast.success('Right-to-work check saved.');
      onSaved?.();
    } catch (cause) {
      if (errorStatus(cause) === 401) return;
      setRefusal(errorMessage(cause, 'The check could not be saved. Please try again.'));
    }
  };

  return (
    <form
      className={styles.form}
      aria-label="Right-to-work check"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <Field label="How was it checked?" required>
        <RadioGroup
          ref={firstControl}
          value={method}
          onChange={(_event, data) => {
            setMethod(data.value as RightToWorkMethod);
            setRefusal(undefined);
          }}
        >
          {rightToWorkMethods.map((choice) => (
            <Radio key={choice} value={choice} label={rightToWorkMethodLabels[choice]} />
          ))}
        </RadioGroup>
      </Field>
      <div className={styles.dates}>
        <Field label="Date checked" required>
          <Input type="date" value={checkedOn} onChange={(_event, data) => setCheckedOn(data.value)} />
        </Field>
        <Field label="Follow-up date (time-limited permission)" hint="Leave empty for permanent permission.">
          <Input type="date" value={followUpOn} onChange={(_event, data) => setFollowUpOn(data.value)} />
        </Field>
        {hired && (
          <Field label="Employment end date" hint="Once the employment ends: kept two more years.">
            <Input
              type="date"
              value={employmentEndedOn}
              onChange={(_event, data) => setEmploymentEndedOn(data.value)}
            />
          </Field>
        )}
      </div>
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={isLoading}
          icon={isLoading ? <Spinner size="tiny" /> : undefined}
        >
          Save check
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
