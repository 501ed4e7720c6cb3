import { useMemo } from 'react';
import { useSnackbar, type SnackbarKey, type SnackbarMessage } from 'notistack';
import { TOAST_DURATION_MS } from '../../shared/limits';

export interface SuccessToastOptions {
  /** On application screens a success toast closes sooner, so it does not cover the next step. */
  applicationScreen?: boolean;
}

export interface Toast {
  success(message: SnackbarMessage, options?: SuccessToastOptions): SnackbarKey;
  error(message: SnackbarMessage): SnackbarKey;
  info(message: SnackbarMessage): SnackbarKey;
  custom(message: SnackbarMessage): SnackbarKey;
  /** Stays until `dismiss(key)`: use it for work in progress, then replace it with the outcome. */
  loading(message: SnackbarMessage): SnackbarKey;
  /** Closes one toast, or every toast when no key is given. */
  dismiss(key?: SnackbarKey): void;
}

// notistack's own key is the time plus Math.random(), a float with about 4,096 values per
// millisecond: toasts raised together could share one, and React then draws one twice and never
// removes the other. A counter cannot repeat.
let lastKey = 0;
const nextKey = (): SnackbarKey => `toast-${(lastKey += 1)}`;

/** Toasts with the duration of each type (docs/behaviour.md#toasts). Needs `ToastProvider` above it. */
export function useToast(): Toast {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo<Toast>(
    () => ({
      success: (message, options) =>
        enqueueSnackbar(message, {
          key: nextKey(),
          variant: 'success',
          autoHideDuration: options?.applicationScreen
            ? TOAST_DURATION_MS.applicationSuccess
            : TOAST_DURATION_MS.success,
        }),
      error: (message) =>
        enqueueSnackbar(message, {
          key: nextKey(),
          variant: 'error',
          autoHideDuration: TOAST_DURATION_MS.error,
        }),
      info: (message) =>
        enqueueSnackbar(message, {
          key: nextKey(),
          variant: 'info',
          autoHideDuration: TOAST_DURATION_MS.default,
        }),
      custom: (message) =>
        enqueueSnackbar(message, {
          key: nextKey(),
          variant: 'custom',
          autoHideDuration: TOAST_DURATION_MS.custom,
        }),
      loading: (message) =>
        enqueueSnackbar(message, {
          key: nextKey(),
          variant: 'loading',
          persist: true,
          autoHideDuration: TOAST_DURATION_MS.loading,
        }),
      dismiss: (key) => closeSnackbar(key),
    }),
    [enqueueSnackbar, closeSnackbar],
  );
}
