import { useState, type FormEvent } from 'react';
import { Button, Field, Spinner, Textarea } from '@fluentui/react-components';
import { NoteAddRegular } from '@fluentui/react-icons/headless/svg/note-add';
import { NOTE_MAX_LENGTH, noteInputSchema } from '../../shared/applications/note-contract';
import { errorMessage, errorStatus, isHandledRefusal } from '../store/api-error';
import { useToast } from '../feedback/use-toast';
import { useStyles } from './notes.styles';

/**
 * "Add a note": the note's text checked as the server checks it, then `add`; the field empties
 * once the note is in. The administrators' 403 ends their session elsewhere, so it is not said
 * again here; a team call's refusal is about the record (`recordRefusals`), and is said.
 */
export function NoteForm({
  add,
  saving,
  recordRefusals = false,
}: {
  add: (body: string) => Promise<unknown>;
  saving: boolean;
  recordRefusals?: boolean;
}) {
  const styles = useStyles();
  const toast = useToast();
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = noteInputSchema.safeParse({ body: draft });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    try {
      await add(parsed.data.body);
      setDraft('');
    } catch (cause) {
      const said = recordRefusals ? errorStatus(cause) !== 401 : !isHandledRefusal(cause);
      if (said) toast.error(errorMessage(cause, 'The note could not be saved.'));
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Add a note" validationMessage={invalid} validationState={invalid ? 'error' : 'none'}>
        <Textarea
          value={draft}
          resize="vertical"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          placeholder="e.g. Called the candidate, interview booked for Monday"
          onChange={(_event, data) => {
            setDraft(data.value);
            if (invalid) setInvalid(undefined);
          }}
        />
      </Field>
      <div className={styles.formFoot}>
        <span className={styles.counter} aria-hidden="true">
          {draft.length} / {NOTE_MAX_LENGTH}
        </span>
        {/* Focusable while saving: a disabled button would drop a keyboard user's focus. */}
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={saving}
          icon={saving ? <Spinner size="tiny" /> : <NoteAddRegular />}
        >
          Add Note
        </Button>
      </div>
    </form>
  );
}
