import { trimEnd } from '../../shared/format/trim-end';

/**
 * Request paths as the routes read them. Both helpers walk the text once: an address is up to
 * 16 KB of the client's choosing, and a pattern that backtracks over a long run of `/` would hold
 * the event loop every request shares (docs/security.md#input-handling).
 */

const SLASH = 0x2f;

/**
 * The request target with each run of `/` in its path made one, so `//about` and `/about` are one
 * page and no route sees a run of slashes. The query is left as it was; a target that is not a
 * path (`*`, an absolute URL) too.
 */
export function collapseSlashes(url: string): string {
  if (url.charCodeAt(0) !== SLASH) return url;
  const queryAt = url.indexOf('?');
  const end = queryAt === -1 ? url.length : queryAt;
  const run = url.indexOf('//');
  if (run === -1 || run >= end) return url;
  const parts = [url.slice(0, run + 1)];
  let from = run + 1;
  for (let at = run + 1; at < end; at += 1) {
    if (url.charCodeAt(at) === SLASH && url.charCodeAt(at - 1) === SLASH) {
      if (from < at) parts.push(url.slice(from, at));
      from = at + 1;
    }
  }
  parts.push(url.slice(from));
  return parts.join('');
}

/** The path without its trailing slashes, `/` itself kept. */
export const trimTrailingSlashes = (pathname: string): string => trimEnd(pathname, '/') || '/';
