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

/** Toasts with the duration of each type (docs/behaviour.md#toasts). Needs `ToastProvider` above it. */
export function useToast(): Toast {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo<Toast>(
    () => ({
      success: (message, options) =>
        enqueueSnackbar(message, {
          variant: 'success',
          autoHideDuration: options?.applicationScreen
            ? TOAST_DURATION_MS.applicationSuccess
            : TOAST_DURATION_MS.success,
        }),
      error: (message) =>
        enqueueSnackbar(message, { variant: 'error', autoHideDuration: TOAST_DURATION_MS.error }),
      info: (message) =>
        enqueueSnackbar(message, { variant: 'info', autoHideDuration: TOAST_DURATION_MS.default }),
      custom: (message) =>
        enqueueSnackbar(message, { variant: 'custom', autoHideDuration: TOAST_DURATION_MS.custom }),
      loading: (message) =>
        enqueueSnackbar(message, {
          variant: 'loading',
          persist: true,
          autoHideDuration: TOAST_DURATION_MS.loading,
        }),
      dismiss: (key) => closeSnackbar(key),
    }),
    [enqueueSnackbar, closeSnackbar],
  );
}
