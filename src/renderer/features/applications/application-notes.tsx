import { useId } from 'react';
import { useAdminStyles } from '../../layout/admin-page';
import { useAddNoteMutation, useGetNotesQuery } from './notes-api';
import { NoteForm } from '../../entities/note-form';
import { NoteList } from '../../entities/note-list';

/** The Notes box of the application detail: notes kept on the server, each with its author and time. */
export function ApplicationNotes({ applicationId }: { applicationId: string }) {
  const admin = useAdminStyles();
  const headingId = useId();
  const { data: notes, isLoading, error } = useGetNotesQuery(applicationId);
  const [addNote, { isLoading: saving }] = useAddNoteMutation();

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
      <NoteForm saving={saving} add={(body) => addNote({ applicationId, body }).unwrap()} />
    </section>
  );
}
