import { Avatar, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { type Note } from '../../../shared/applications/note-contract';
import { formatUsDateTime } from '../../../shared/format/date';

const useStyles = makeStyles({
  note: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  bubble: {
    flexGrow: 1,
    minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  meta: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: `0 ${tokens.spacingHorizontalS}`,
  },
  author: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground1 },
  body: { ...typographyStyles.body1, margin: `${tokens.spacingVerticalXXS} 0 0`, whiteSpace: 'pre-wrap' },
});

export function NoteItem({ note }: { note: Note }) {
  const styles = useStyles();
  return (
    <li className={styles.note}>
      <Avatar name={note.authorName || note.authorEmail} size={32} color="colorful" aria-hidden="true" />
      <div className={styles.bubble}>
        <p className={styles.meta}>
          <span className={styles.author}>{note.authorName || note.authorEmail}</span>
          <span>{note.authorEmail}</span>
          <time dateTime={note.createdAt}>{formatUsDateTime(note.createdAt)}</time>
        </p>
        <p className={styles.body}>{note.body}</p>
      </div>
    </li>
  );
}
