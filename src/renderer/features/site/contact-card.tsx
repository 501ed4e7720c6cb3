import { type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { useSitePageStyles } from '../../components/site-styles';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  cardTitle: {
    ...typographyStyles.subtitle1,
    color: tokens.colorNeutralForeground1,
    margin: 0,
    marginBlockStart: tokens.spacingVerticalS,
  },
  cardBody: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
});

interface ContactCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

export function ContactCard({ icon, title, children }: ContactCardProps) {
  const styles = useStyles();
  const site = useSitePageStyles();
  return (
    <li className={mergeClasses(site.panel, styles.card)}>
      <span className={site.iconBadge} aria-hidden="true">
        {icon}
      </span>
      <h3 className={styles.cardTitle}>{title}</h3>
      <div className={styles.cardBody}>{children}</div>
    </li>
  );
}
