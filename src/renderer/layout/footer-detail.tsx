import type { ReactNode } from 'react';
import { useStyles } from './footer-detail.styles';

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
