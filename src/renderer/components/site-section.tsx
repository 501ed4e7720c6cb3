import type { ReactNode } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { useStyles } from './site-section.styles';

export interface SiteSectionProps {
  /** Ties the h2 to the section, so the section is a named region for screen-reader users. */
  id: string;
  title: string;
  icon?: ReactNode;
  intro?: ReactNode;
  tinted?: boolean;
  className?: string;
  children?: ReactNode;
}

export function SiteSection({ id, title, icon, intro, tinted, className, children }: SiteSectionProps) {
  const styles = useStyles();
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={mergeClasses(styles.section, tinted && styles.tinted, className)}
    >
      <h2 id={headingId} className={styles.heading}>
        {icon ? (
          <span className={styles.headingIcon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        {title}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
