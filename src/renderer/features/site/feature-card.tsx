import type { ReactNode } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { useSitePageStyles } from '../../components/site-styles';
import { useStyles } from './feature-card.styles';

export interface FeatureCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

/** One item of a card grid: render it inside a `<ul>` so screen readers announce the count. */
export function FeatureCard({ icon, title, children }: FeatureCardProps) {
  const styles = useStyles();
  const site = useSitePageStyles();
  return (
    <li className={mergeClasses(site.panel, styles.card)}>
      <span className={site.iconBadge} aria-hidden="true">
        {icon}
      </span>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.text}>{children}</p>
    </li>
  );
}
