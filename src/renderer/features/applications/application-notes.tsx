import { useId, useState, type FormEvent } from 'react';
import { Button, Field, Spinner, Textarea } from '@fluentui/react-components';
import { NoteAddRegular } from '@fluentui/react-icons/headless/svg/note-add';
import { NOTE_MAX_LENGTH, noteInputSchema } from '../../../shared/applications/note-contract';
import { errorMessage, isHandledRefusal } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import { useAddNoteMutation, useGetNotesQuery } from './notes-api';
import { NoteList } from './note-list';
import { useStyles } from './application-notes.styles';

/** The Notes box of the application detail: notes kept on the server, each with its author and time. */
export function ApplicationNotes({ applicationId }: { applicationId: string }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const toast = useToast();
  const headingId = useId();
  const { data: notes, isLoading, error } = useGetNotesQuery(applicationId);
  const [addNote, { isLoading: saving }] = useAddNoteMutation();
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
      await addNote({ applicationId, body: parsed.data.body }).unwrap();
      setDraft('');
    } catch (cause) {
      if (!isHandledRefusal(cause)) toast.error(errorMessage(cause, 'The note could not be saved.'));
    }
  };

  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Notes
      </h2>
      <NoteList
        notes={notes}
        isLoading={isLoading}
        failure={error ? 'The notes could not be loaded.' : undefined}
        empty="No notes yet. Notes are visible to every administrator."
      />
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
    </section>
  );
}
