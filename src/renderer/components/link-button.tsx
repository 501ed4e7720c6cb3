import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { mergeClasses } from '@fluentui/react-components';
import { useActionStyles } from './action-styles';

export interface LinkButtonProps extends Omit<LinkProps, 'className'> {
  appearance?: 'primary' | 'secondary';
  size?: 'medium' | 'large';
  icon?: ReactNode;
  className?: string;
}

/** A router link that looks like a button: navigation stays a link for assistive tech. */
export function LinkButton({
  appearance = 'secondary',
  size = 'medium',
  icon,
  className,
  children,
  ...props
}: LinkButtonProps) {
  const styles = useActionStyles();
  return (
    <Link
      {...props}
      className={mergeClasses(styles.base, styles[appearance], size === 'large' && styles.large, className)}
    >
      {icon}
      {children}
    </Link>
  );
}
