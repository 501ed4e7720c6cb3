import type { ReactNode } from 'react';
import { useStyles } from './dashboard-stat.styles';

export function Stat({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  const styles = useStyles();
  return (
    <li className={styles.stat}>
      <span className={styles.statIcon} aria-hidden="true">
        {icon}
      </span>
      {/* The label comes second in the markup, so a screen reader hears "Job posts: 2". */}
      <span className={styles.statText}>
        <span className={styles.statLabel}>{label}:</span>{' '}
        <span className={styles.statValue}>{value ?? '–'}</span>
      </span>
    </li>
  );
}
