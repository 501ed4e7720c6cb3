import { useId } from 'react';
import { errorMessage } from '../../store/api-error';
import { useAdminStyles } from '../../layout/admin-page';
import { NoteForm } from '../../entities/note-form';
import { NoteList } from '../../entities/note-list';
import { useAddTeamNoteMutation, useGetTeamNotesQuery } from './team-api';

/**
 * The notes on an application of a hiring manager's job, the administrators' and their own, each
 * with its author and time; the manager adds one as the administrators do (never an interviewer,
 * who is not shown notes at all).
 */
export function TeamNotes({ applicationId }: { applicationId: string }) {
  const admin = useAdminStyles();
  const headingId = useId();
  const { data: notes, isLoading, error } = useGetTeamNotesQuery(applicationId);
  const [addNote, { isLoading: saving }] = useAddTeamNoteMutation();
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Notes
      </h2>
      <NoteList
        notes={notes}
        isLoading={isLoading}
        failure={error ? errorMessage(error, 'The notes could not be loaded.') : undefined}
        empty="No notes yet. The job's administrators and its hiring manager read them."
      />
      <NoteForm recordRefusals saving={saving} add={(body) => addNote({ applicationId, body }).unwrap()} />
    </section>
  );
}
