import { useId } from 'react';
import { Spinner } from '@fluentui/react-components';
import { errorMessage } from '../../store/api-error';
import { useAdminStyles } from '../../layout/admin-page';
import { NoteItem } from './note-item';
import { useGetTeamNotesQuery } from './team-api';
import { useStyles } from './application-notes.styles';

/** The notes on an application of a hiring manager's job, as the administrators wrote them. */
export function TeamNotes({ applicationId }: { applicationId: string }) {
  const admin = useAdminStyles();
  const styles = useStyles();
  const headingId = useId();
  const { data: notes, isLoading, error } = useGetTeamNotesQuery(applicationId);
  return (
    <section className={admin.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={admin.cardTitle}>
        Notes
      </h2>
      {isLoading ? (
        <Spinner size="small" label="Loading notes..." />
      ) : error ? (
        <p className={styles.empty} role="alert">
          {errorMessage(error, 'The notes could not be loaded.')}
        </p>
      ) : notes && notes.length > 0 ? (
        <ol className={styles.list} aria-label="Notes on this application">
          {notes.map((note) => (
            <NoteItem key={note._id} note={note} />
          ))}
        </ol>
      ) : (
        <p className={styles.empty}>No notes yet.</p>
      )}
    </section>
  );
}
