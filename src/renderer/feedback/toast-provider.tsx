import { forwardRef, type ReactNode } from 'react';
import {
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons/headless/svg/checkmark-circle';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { ErrorCircleFilled } from '@fluentui/react-icons/headless/svg/error-circle';
import { InfoFilled } from '@fluentui/react-icons/headless/svg/info';
import { WarningFilled } from '@fluentui/react-icons/headless/svg/warning';
import { SnackbarProvider, useSnackbar, type CustomContentProps } from 'notistack';
import { MAX_TOASTS, TOAST_DURATION_MS, TOAST_MAX_WIDTH_PX } from '../../shared/limits';

// The product's toast types include loading and custom, which notistack does not ship.
declare module 'notistack' {
  interface VariantOverrides {
    loading: true;
    custom: true;
  }
}

/** How long a toast takes to slide in and out; the visible time is TOAST_DURATION_MS on top. */
export const TOAST_TRANSITION_MS = { enter: 225, exit: 195 } as const;

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

type ToastVariant = CustomContentProps['variant'];

function ToastIcon({ variant }: { variant: ToastVariant }) {
  const styles = useStyles();
  switch (variant) {
    case 'success':
      return <CheckmarkCircleFilled className={mergeClasses(styles.icon, styles.iconSuccess)} />;
    case 'error':
      return <ErrorCircleFilled className={mergeClasses(styles.icon, styles.iconError)} />;
    case 'warning':
      return <WarningFilled className={mergeClasses(styles.icon, styles.iconWarning)} />;
    case 'info':
      return <InfoFilled className={mergeClasses(styles.icon, styles.iconInfo)} />;
    case 'loading':
      return <Spinner size="extra-tiny" />;
    default:
      return null;
  }
}

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
const FluentToast = forwardRef<HTMLDivElement, CustomContentProps>(function FluentToast(
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

const toastComponents = {
  default: FluentToast,
  success: FluentToast,
  error: FluentToast,
  warning: FluentToast,
  info: FluentToast,
  loading: FluentToast,
  custom: FluentToast,
};

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

export interface ToastProviderProps {
  children?: ReactNode;
}

/**
 * Toasts for the whole app. Render it inside FluentProvider: the toasts are drawn in place (not in
 * a portal), so they inherit the theme's CSS variables. Use `useToast()` to show them.
 */
export function ToastProvider({ children }: ToastProviderProps) {
  return (
    <SnackbarProvider
      maxSnack={MAX_TOASTS}
      autoHideDuration={TOAST_DURATION_MS.default}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transitionDuration={prefersReducedMotion() ? { enter: 0, exit: 0 } : TOAST_TRANSITION_MS}
      Components={toastComponents}
    >
      {children}
    </SnackbarProvider>
  );
}
