import { Spinner } from '@fluentui/react-components';
import type { Note } from '../../shared/applications/note-contract';
import { NoteItem } from './note-item';
import { useStyles } from './notes.styles';

/** An application's notes, oldest first, or what stands in their place while loading, failed or none. */
export function NoteList(props: {
  notes: readonly Note[] | undefined;
  isLoading: boolean;
  /** Said in place of the notes when they could not be loaded. */
  failure: string | undefined;
  empty: string;
}) {
  const styles = useStyles();
  if (props.isLoading) return <Spinner size="small" label="Loading notes..." />;
  if (props.failure !== undefined) {
    return (
      <p className={styles.empty} role="alert">
        {props.failure}
      </p>
    );
  }
  if (!props.notes || props.notes.length === 0) return <p className={styles.empty}>{props.empty}</p>;
  return (
    <ol className={styles.list} aria-label="Notes on this application">
      {props.notes.map((note) => (
        <NoteItem key={note._id} note={note} />
      ))}
    </ol>
  );
}
