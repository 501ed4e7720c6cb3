import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  tinted: {
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusXLarge,
    padding: 'clamp(20px, 4vw, 40px)',
  },
  heading: {
    ...typographyStyles.title2,
    color: tokens.colorNeutralForeground1,
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  headingIcon: {
    color: tokens.colorBrandForeground1,
    fontSize: '28px',
    display: 'inline-flex',
  },
  intro: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    maxWidth: '72ch',
  },
});

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
