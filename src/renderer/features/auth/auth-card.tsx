import { useEffect, useRef, type ReactNode } from 'react';
import { useStyles } from './auth-card.styles';

/**
 * The centred card that frames the login and registration forms. A form with steps (the login's
 * code step) names the step in `step`: when it changes, focus moves to the new title, so keyboard
 * and screen reader users continue from the top of the new step.
 */
export function AuthCard({
  icon,
  title,
  subtitle,
  step,
  children,
}: {
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  step?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        <h1 id="auth-title" className={styles.title} ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <p className={styles.subtitle}>{subtitle}</p>
        {children}
      </section>
    </div>
  );
}
