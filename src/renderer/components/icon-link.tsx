import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Tooltip } from '@fluentui/react-components';
import { useStyles } from './icon-link.styles';

/** A router link drawn as an icon button, for table row actions; its label is the accessible name. */
export function IconLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const styles = useStyles();
  return (
    <Tooltip content={label} relationship="label" withArrow>
      <Link to={to} className={styles.link}>
        <span aria-hidden="true" style={{ display: 'inline-flex' }}>
          {icon}
        </span>
      </Link>
    </Tooltip>
  );
}
