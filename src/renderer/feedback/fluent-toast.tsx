import { forwardRef } from 'react';
import { Button, mergeClasses } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { useSnackbar, type CustomContentProps } from 'notistack';
import { ToastIcon, type ToastVariant } from './toast-icon';
import { useStyles } from './fluent-toast.styles';
import { useIconFrameStyles } from './toast-icon-frame.styles';

const accentByVariant = {
  success: 'success',
  error: 'error',
  warning: 'warning',
  info: 'info',
  loading: 'info',
  default: 'neutral',
  custom: 'neutral',
} as const satisfies Record<ToastVariant, string>;

/**
 * One toast, drawn with Fluent tokens. Errors are alerts (announced at once); everything else is
 * a polite status, so screen readers hear it without being interrupted.
 */
export const FluentToast = forwardRef<HTMLDivElement, CustomContentProps>(function FluentToast(
  { id, message, variant, style, className },
  ref,
) {
  const styles = useStyles();
  const shared = useIconFrameStyles();
  const { closeSnackbar } = useSnackbar();
  const icon = <ToastIcon variant={variant} />;
  return (
    <div
      ref={ref}
      style={style}
      className={mergeClasses(styles.toast, styles[accentByVariant[variant]], className)}
      role={variant === 'error' ? 'alert' : 'status'}
      aria-live={variant === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      aria-busy={variant === 'loading' ? true : undefined}
      data-toast-variant={variant}
    >
      {variant === 'default' || variant === 'custom' ? null : (
        <span aria-hidden="true" className={shared.icon}>
          {icon}
        </span>
      )}
      <div className={styles.message}>{message}</div>
      <Button
        className={styles.dismiss}
        appearance="subtle"
        size="small"
        icon={<DismissRegular />}
        aria-label="Dismiss notification"
        onClick={() => closeSnackbar(id)}
      />
    </div>
  );
});
