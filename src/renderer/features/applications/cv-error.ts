import { messages } from '../../../shared/messages';
import { errorStatus } from '../../store/api-error';

/**
 * The list's popup text for a failed CV fetch, by cause (docs/behaviour.md#applications-admin). The base query turns an
 * answer above the 10 MiB limit into a CUSTOM_ERROR before any status is seen, so that counts as
 * "too large" together with a 413 from the server.
 */
export function cvLoadErrorMessage(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return messages.cvFetchNotFound;
  if (status === 413 || status === 'CUSTOM_ERROR') return messages.cvFetchTooLarge;
  if (status === 'TIMEOUT_ERROR') return messages.cvFetchTimeout;
  return messages.cvFetchFailed;
}
