import { useEffect, useRef, type ReactNode } from 'react';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    justifyContent: 'center',
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: 'clamp(24px, 6vw, 72px)',
    backgroundImage: `radial-gradient(circle at 20% 0%, ${tokens.colorBrandBackground2} 0%, transparent 55%)`,
  },
  card: {
    width: '100%',
    maxWidth: '440px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: 'clamp(20px, 5vw, 40px)',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  icon: {
    alignSelf: 'center',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '56px',
    height: '56px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: '28px',
  },
  title: { ...typographyStyles.title2, margin: 0, textAlign: 'center', outline: 'none' },
  subtitle: {
    ...typographyStyles.body1,
    margin: 0,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
});

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
