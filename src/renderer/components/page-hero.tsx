import type { ReactNode, Ref } from 'react';
import { useStyles } from './page-hero.styles';

export interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** For a screen that moves focus to its heading itself (when its content changes in place). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The page's banner and its only h1. */
export function PageHero({ eyebrow, title, lead, children, headingRef }: PageHeroProps) {
  const styles = useStyles();
  return (
    <header className={styles.hero}>
      <span className={styles.decoration} aria-hidden="true" />
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={styles.title}>
        {title}
      </h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children ? <div className={styles.actions}>{children}</div> : null}
    </header>
  );
}
