import { useId } from 'react';
import { errorMessage } from '../../store/api-error';
import { useAdminStyles } from '../../layout/admin-page';
import { NoteList } from './note-list';
import { useGetTeamNotesQuery } from './team-api';

/** The notes on an application of a hiring manager's job, as the administrators wrote them. */
export function TeamNotes({ applicationId }: { applicationId: string }) {
  const admin = useAdminStyles();
  const headingId = useId();
  const { data: notes, isLoading, error } = useGetTeamNotesQuery(applicationId);
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Notes
      </h2>
      <NoteList
        notes={notes}
        isLoading={isLoading}
        failure={error ? errorMessage(error, 'The notes could not be loaded.') : undefined}
        empty="No notes yet."
      />
    </section>
  );
}
