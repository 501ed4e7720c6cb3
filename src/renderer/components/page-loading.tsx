import { useStyles } from './page-loading.styles';

/** Shown while a lazily loaded screen or its data arrives. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="status">
      <span className={styles.ring} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
