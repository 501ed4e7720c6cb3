import { forwardRef } from 'react';
import { Button, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { useSnackbar, type CustomContentProps } from 'notistack';
import { TOAST_MAX_WIDTH_PX } from '../../shared/limits';
import { ToastIcon, type ToastVariant } from './toast-icon';

const useStyles = makeStyles({
  toast: {
    ...typographyStyles.body1,
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    width: `min(${TOAST_MAX_WIDTH_PX}px, calc(100vw - 32px))`,
    maxWidth: `${TOAST_MAX_WIDTH_PX}px`,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderInlineStartWidth: '4px',
    boxShadow: tokens.shadow16,
    pointerEvents: 'all',
  },
  success: { borderInlineStartColor: tokens.colorPaletteGreenBorderActive },
  error: { borderInlineStartColor: tokens.colorPaletteRedBorderActive },
  warning: { borderInlineStartColor: tokens.colorPaletteDarkOrangeBorderActive },
  info: { borderInlineStartColor: tokens.colorBrandStroke1 },
  neutral: { borderInlineStartColor: tokens.colorNeutralStroke1 },
  icon: {
    display: 'inline-flex',
    justifyContent: 'center',
    width: '20px',
    flexShrink: 0,
    fontSize: '20px',
    marginBlockStart: '1px',
  },
  iconSuccess: { color: tokens.colorPaletteGreenForeground1 },
  iconError: { color: tokens.colorPaletteRedForeground1 },
  iconWarning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  iconInfo: { color: tokens.colorBrandForeground1 },
  message: {
    flexGrow: 1,
    minWidth: 0,
    alignSelf: 'center',
    overflowWrap: 'anywhere',
  },
  dismiss: { flexShrink: 0, marginBlock: '-4px' },
});

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
        <span aria-hidden="true" className={styles.icon}>
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
