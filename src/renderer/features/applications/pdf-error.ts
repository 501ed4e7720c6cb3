import { messages } from '../../../shared/messages';
import { errorStatus } from '../../app/api-error';

/**
 * Spec section 8: the list's popup text for a failed CV fetch, by cause. The base query turns an
 * answer above the 10 MiB limit into a CUSTOM_ERROR before any status is seen, so that counts as
 * "too large" together with a 413 from the server.
 */
export function pdfLoadErrorMessage(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return messages.pdfNotFound;
  if (status === 413 || status === 'CUSTOM_ERROR') return messages.pdfTooLarge;
  if (status === 'TIMEOUT_ERROR') return messages.pdfTimeout;
  return messages.pdfLoadFailed;
}
