import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

const hasMessage = (value: unknown): value is { message: string } =>
  typeof value === 'object' &&
  value !== null &&
  'message' in value &&
  typeof (value as { message: unknown }).message === 'string';

/** The server's message when it sent one, otherwise the error's own text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!error) return fallback;
  const candidate = error as FetchBaseQueryError | SerializedError;
  if ('status' in candidate) {
    if (hasMessage(candidate.data)) return candidate.data.message;
    if ('error' in candidate && typeof candidate.error === 'string') {
      if (candidate.status === 'TIMEOUT_ERROR') return 'The request timed out. Please try again.';
      if (candidate.status === 'FETCH_ERROR') return 'The server could not be reached. Please try again.';
      return candidate.error;
    }
    return fallback;
  }
  return hasMessage(candidate) ? candidate.message : fallback;
}

export const errorStatus = (error: unknown): number | string | undefined =>
  typeof error === 'object' && error !== null && 'status' in error
    ? (error as { status: number | string }).status
    : undefined;

/**
 * A refusal the shared base query has already dealt with (401/403: signed out, or sent to log in):
 * the screen that made the call shows nothing more for it.
 */
export const isHandledRefusal = (error: unknown): boolean => {
  const status = errorStatus(error);
  return status === 401 || status === 403;
};
