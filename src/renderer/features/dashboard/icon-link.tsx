import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Tooltip, mergeClasses } from '@fluentui/react-components';
import { useActionStyles } from '../../components/action-styles';

/** A router link drawn as an icon button, for table row actions; its label is the accessible name. */
export function IconLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const actions = useActionStyles();
  return (
    <Tooltip content={label} relationship="label" withArrow>
      <Link to={to} className={mergeClasses(actions.base, actions.subtle, actions.icon)}>
        <span aria-hidden="true" style={{ display: 'inline-flex' }}>
          {icon}
        </span>
      </Link>
    </Tooltip>
  );
}
