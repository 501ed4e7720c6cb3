import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import {
  MAX_AGREED_ADJUSTMENT_LENGTH,
  agreedAdjustmentSchema,
} from '../../../shared/adjustments/adjustments-contract';
import { useToast } from '../../feedback/use-toast';
import { errorMessage } from '../../store/api-error';
import { useSetAgreedAdjustmentMutation } from './adjustments-api';
import { useStyles } from './adjustments.styles';

/**
 * The adjustments contact's answer to a request: what was agreed for the interview, in their own
 * words, which the interviewers and the hiring manager see as "An adjustment has been agreed: …"
 * on their screens and in their next interview e-mail; never the request itself
 * (docs/security.md#adjustments). Blank clears it.
 */
export function AgreedAdjustmentForm({
  applicationId,
  agreed,
  label,
}: {
  applicationId: string;
  agreed: string | null;
  /** The field's label: one per application where several are listed. */
  label: string;
}) {
  const styles = useStyles();
  const toast = useToast();
  const [draft, setDraft] = useState(agreed ?? '');
  const [invalid, setInvalid] = useState<string>();
  const [save, { isLoading: saving }] = useSetAgreedAdjustmentMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = agreedAdjustmentSchema.safeParse({ agreed: draft });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    try {
      const written = await save({ applicationId, agreed: parsed.data.agreed ?? '' }).unwrap();
      setDraft(written.agreed ?? '');
      toast.success(
        written.agreed
          ? 'Saved: the interviewers and the hiring manager now see the agreed adjustment.'
          : 'Cleared: no agreed adjustment is shown to the interviewers.',
      );
    } catch (cause) {
      setInvalid(errorMessage(cause, 'The agreed adjustment could not be saved. Please try again.'));
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={label}
        hint="The interviewers and the hiring manager see only this, as “An adjustment has been agreed: …”. Leave it blank when nothing is agreed."
        validationMessage={invalid}
        validationState={invalid ? 'error' : 'none'}
      >
        <Input
          value={draft}
          maxLength={MAX_AGREED_ADJUSTMENT_LENGTH}
          onChange={(_event, data) => {
            setDraft(data.value);
            if (invalid) setInvalid(undefined);
          }}
        />
      </Field>
      <div>
        {/* Focusable while saving: a disabled button would drop a keyboard user's focus. */}
        <Button type="submit" disabledFocusable={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
          Save agreed adjustment
        </Button>
      </div>
    </form>
  );
}
