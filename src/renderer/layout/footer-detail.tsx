import type { ReactNode } from 'react';
import { useStyles } from './footer-detail.styles';

export function FooterDetail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  return (
    <li className={styles.detail}>
      <span className={styles.detailIcon} aria-hidden="true">
        {icon}
      </span>
      {/* A block, not a span: a detail may be a block itself (the postal address's <address>). */}
      <div>{children}</div>
    </li>
  );
}
