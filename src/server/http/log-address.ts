import { withoutSecretTokens } from './secret-token';

/**
 * A request's address as the request log keeps it (at debug level each request is logged with the
 * visitor's IP address): any secret token replaced, and a page's query left out, since on the
 * careers home it is what the visitor searched for (docs/security.md#privacy-in-logs). The API's
 * queries (administrators' list filters) stay, as they help to read the log.
 */
export function logAddress(url: string): string {
  const address = withoutSecretTokens(url);
  if (address.startsWith('/api/') || address === '/api') return address;
  const query = address.indexOf('?');
  return query === -1 ? address : `${address.slice(0, query)}?[query]`;
}
