import { z } from 'zod';
import { ONE_LINE } from '../shared/contact-fields';
import { siteConfig } from '../shared/site/site-config';
import { originOf } from './ipc/trusted-sender';

const oneAddress = z.email();

/**
 * A mail link the system's mail program may open: one bare address, and at most a subject of one
 * line. Anything more (`attach=` a local file, `bcc=` or `cc=` another recipient, a `body=` the
 * sender did not write, a second address) would have a page compose a message the user never
 * meant to send (docs/security.md#window).
 */
function isPlainMailLink(parsed: URL): boolean {
  if (parsed.hash) return false;
  let address: string;
  try {
    address = decodeURIComponent(parsed.pathname);
  } catch {
    return false;
  }
  if (!oneAddress.safeParse(address).success) return false;
  const names = [...parsed.searchParams.keys()];
  if (names.length === 0) return true;
  return (
    names.length === 1 &&
    names[0]!.toLowerCase() === 'subject' &&
    ONE_LINE.test(parsed.searchParams.get(names[0]!) ?? '')
  );
}

/**
 * Links the console may hand to the system browser: phone links, plain mail links, the company's
 * main site, and the careers website itself. Anything else is dropped.
 */
export function isAllowedExternalUrl(url: string, apiServerUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'mailto:') return isPlainMailLink(parsed);
  if (parsed.protocol === 'tel:') return true;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const allowedOrigins = [originOf(siteConfig.mainSite.home), originOf(apiServerUrl)];
  return allowedOrigins.includes(originOf(url));
}
