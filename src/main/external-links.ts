import { siteConfig } from '../shared/site/site-config';
import { originOf } from './ipc/trusted-sender';

/**
 * Links the console may hand to the system browser: mail and phone links, the company's main
 * site, and the careers website itself. Anything else is dropped.
 */
export function isAllowedExternalUrl(url: string, apiServerUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'mailto:' || parsed.protocol === 'tel:') return true;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const allowedOrigins = [originOf(siteConfig.mainSite.home), originOf(apiServerUrl)];
  return allowedOrigins.includes(originOf(url));
}
