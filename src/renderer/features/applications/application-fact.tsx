import { type ReactNode } from 'react';
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  factLabel: { ...typographyStyles.caption1Strong, color: tokens.colorNeutralForeground2 },
  factValue: { ...typographyStyles.body1, margin: 0, overflowWrap: 'anywhere' },
});

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.fact}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  );
}
