import { useStyles } from './skip-link.styles';

/** The first stop for a keyboard: hidden until focused, it jumps past the navigation to `target`. */
export function SkipLink({ target }: { target: string }) {
  const styles = useStyles();
  return (
    <a href={`#${target}`} className={styles.link}>
      Skip to main content
    </a>
  );
}
