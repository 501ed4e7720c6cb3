import { siteConfig } from './site-config';

/**
 * The site's icons: the header's logo mark (the brand's initial on the brand's colours) for browser
 * tabs, bookmarks, home screens and search results. The files live in src/web/public, which the web
 * build copies to its root; `npm run icons` draws them all again from `siteIconSvg`.
 */
export const SITE_ICONS = {
  /** What browsers ask for on their own, and what tabs show: 16, 32 and 48 px in one file. */
  favicon: { path: '/favicon.ico', type: 'image/x-icon', sizes: [16, 32, 48] },
  svg: { path: '/icon.svg', type: 'image/svg+xml', sizes: [] },
  /** iOS rounds its corners itself and fills transparent ones with black: a full square. */
  appleTouch: { path: '/apple-touch-icon.png', type: 'image/png', sizes: [180] },
  small: { path: '/icon-192.png', type: 'image/png', sizes: [192] },
  large: { path: '/icon-512.png', type: 'image/png', sizes: [512] },
  /** For launchers that cut their own shape: a full square, the mark inside the middle 80%. */
  maskable: { path: '/icon-maskable-512.png', type: 'image/png', sizes: [512] },
} as const;

export type SiteIcon = keyof typeof SITE_ICONS;

/** Where the web app manifest is served (src/server/site/site-routes.ts builds it). */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';

/** The square logo search engines show beside the company's jobs (JobPosting's hiringOrganization). */
export const SITE_LOGO = SITE_ICONS.large;

/**
 * The logo mark as SVG, 512 units square: the brand's gradient (as the header's mark draws it), with
 * the initial "Q" drawn as shapes rather than text, so it looks the same whatever fonts a device
 * has. `rounded` has the header's rounded corners on a transparent ground; `square` fills the whole
 * square, for icons whose corners the device cuts itself.
 */
export function siteIconSvg(shape: 'rounded' | 'square'): string {
  const { brand, brandDeep, background } = siteConfig.colours;
  const corner = shape === 'rounded' ? ' rx="112"' : '';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">',
    `  <title>${siteConfig.brandName}</title>`,
    '  <defs>',
    '    <linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">',
    `      <stop offset="0" stop-color="${brand}"/>`,
    `      <stop offset="1" stop-color="${brandDeep}"/>`,
    '    </linearGradient>',
    '  </defs>',
    `  <rect width="512" height="512"${corner} fill="url(#brand)"/>`,
    `  <circle cx="248" cy="244" r="112" fill="none" stroke="${background}" stroke-width="52"/>`,
    `  <path d="M292 292 L372 376" stroke="${background}" stroke-width="56" stroke-linecap="round"/>`,
    '</svg>',
    '',
  ].join('\n');
}
