import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: 'clamp(16px, 3vw, 28px)',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
  },
  bar: {
    display: 'block',
    height: '16px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundImage: `linear-gradient(90deg, ${tokens.colorNeutralBackground3} 0%, ${tokens.colorNeutralBackground5} 50%, ${tokens.colorNeutralBackground3} 100%)`,
    backgroundSize: '300% 100%',
    animationName: { from: { backgroundPosition: '100% 0' }, to: { backgroundPosition: '0 0' } },
    animationDuration: '1.4s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'ease-in-out',
  },
  title: { width: '70%', height: '24px' },
  short: { width: '40%' },
  tiles: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: tokens.spacingHorizontalS },
  tile: { height: '48px' },
});

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
