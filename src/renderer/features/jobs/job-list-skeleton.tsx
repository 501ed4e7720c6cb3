import { mergeClasses } from '@fluentui/react-components';
import { useStyles } from './job-list-skeleton.styles';

/** Placeholder cards in the shape of the job grid while the posts load (CSS only: no extra code). */
export function JobListSkeleton({ count = 4 }: { count?: number }) {
  const styles = useStyles();
  const bar = (extra?: string) => <span className={mergeClasses(styles.bar, extra)} />;
  return Array.from({ length: count }, (_, index) => (
    <div key={index} className={styles.card} aria-hidden="true" data-testid="job-skeleton">
      {bar(styles.title)}
      {bar(styles.short)}
      <div className={styles.tiles}>
        {bar(styles.tile)}
        {bar(styles.tile)}
        {bar(styles.tile)}
      </div>
      {bar()}
    </div>
  ));
}
