import type { ReactNode } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { useSitePageStyles } from '../../components/site-styles';
import { useStyles } from './contact-card.styles';

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
