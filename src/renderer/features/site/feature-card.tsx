import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { useSitePageStyles } from '../../components/site-styles';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    height: '100%',
    boxSizing: 'border-box',
    transitionProperty: 'box-shadow, transform',
    transitionDuration: tokens.durationNormal,
    transitionTimingFunction: tokens.curveEasyEase,
    ':hover': { boxShadow: tokens.shadow16, transform: 'translateY(-2px)' },
    '@media (prefers-reduced-motion: reduce)': {
      transitionProperty: 'none',
      ':hover': { transform: 'none' },
    },
  },
  title: {
    ...typographyStyles.subtitle1,
    color: tokens.colorNeutralForeground1,
    margin: 0,
  },
  text: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
  },
});

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
