import { Avatar } from '@fluentui/react-components';
import type { Note } from '../../shared/applications/note-contract';
import { EmailAddress } from '../components/email-address';
import { formatShortDateTime } from '../../shared/format/date';
import { useStyles } from './note-item.styles';

export function NoteItem({ note }: { note: Note }) {
  const styles = useStyles();
  return (
    <li className={styles.note}>
      <Avatar name={note.authorName || note.authorEmail} size={32} color="colorful" aria-hidden="true" />
      <div className={styles.bubble}>
        <p className={styles.meta}>
          <span className={styles.author}>{note.authorName || note.authorEmail}</span>
          <EmailAddress address={note.authorEmail} />
          <time dateTime={note.createdAt}>{formatShortDateTime(note.createdAt)}</time>
        </p>
        <p className={styles.body}>{note.body}</p>
      </div>
    </li>
  );
}
