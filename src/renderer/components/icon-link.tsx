import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Tooltip, makeStyles, tokens } from '@fluentui/react-components';

// Own styles rather than components/action-styles: importing that module from this lazy chunk made
// the bundler move it out of the home page's entry into an extra chunk every visitor downloads.
const useStyles = makeStyles({
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    fontSize: '20px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorBrandForeground1 },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
});

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
