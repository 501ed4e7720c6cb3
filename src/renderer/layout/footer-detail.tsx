import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  detail: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    color: tokens.colorNeutralForegroundInverted2,
  },
  detailIcon: {
    fontSize: '20px',
    flexShrink: 0,
    marginBlockStart: '1px',
  },
});

export function FooterDetail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  return (
    <li className={styles.detail}>
      <span className={styles.detailIcon} aria-hidden="true">
        {icon}
      </span>
      <span>{children}</span>
    </li>
  );
}
