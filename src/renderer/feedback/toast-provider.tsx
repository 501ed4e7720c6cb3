import type { ReactNode } from 'react';
import { SnackbarProvider } from 'notistack';
import { MAX_TOASTS, TOAST_DURATION_MS } from '../../shared/limits';
import { FluentToast } from './fluent-toast';

// The product's toast types include loading and custom, which notistack does not ship.
declare module 'notistack' {
  interface VariantOverrides {
    loading: true;
    custom: true;
  }
}

/** How long a toast takes to slide in and out; the visible time is TOAST_DURATION_MS on top. */
export const TOAST_TRANSITION_MS = { enter: 225, exit: 195 } as const;

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
      // At the bottom: at the top they sat over the page's heading and its header's buttons. On a
      // narrow screen notistack spans the width between small margins (docs/behaviour.md#toasts).
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transitionDuration={prefersReducedMotion() ? { enter: 0, exit: 0 } : TOAST_TRANSITION_MS}
      Components={toastComponents}
    >
      {children}
    </SnackbarProvider>
  );
}
