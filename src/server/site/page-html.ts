import type { InitialData } from '../../shared/site/initial-data';
import { INITIAL_DATA_ELEMENT_ID } from '../../shared/site/initial-data';
import type { Prerendered } from '../../shared/site/prerender';
import type { Representation } from '../http/representation';
import { escapeHtml, scriptSafeJson } from './safe-json';

export interface PageHead {
  title: string;
  description?: string;
  canonicalUrl?: string;
  /** schema.org data, e.g. a JobPosting. */
  jsonLd?: Record<string, unknown>;
  noIndex?: boolean;
}

/** One page's answer and, for a page every visitor gets alike, which HTML is current later (see sendRepresentation). */
export interface Served {
  status: number;
  page: Representation;
  current?: () => Representation | undefined;
}

const TITLE = /<title>[^<]*<\/title>/;
const ROOT_OPEN = '<div id="root">';
const ROOT = `${ROOT_OPEN}</div>`;

/** Checks once, at start, that the built index.html has the places pages are filled in. */
export function assertPageTemplate(template: string): void {
  if (!TITLE.test(template) || !template.includes(ROOT)) {
    throw new Error('the web build’s index.html has no <title> or no <div id="root"></div>');
  }
}

/**
 * When the browser starts the app on a prerendered page (src/web/main.tsx reads it from the root's
 * `data-start`): right after the first paint unless told otherwise; `interaction` waits for the
 * visitor's first press, key or focus, for a page whose content and links work without the app and
 * whose form, if any, keeps what is typed before it runs (see docs/architecture.md#the-web-entry).
 */
export type AppStart = 'after-paint' | 'interaction';

/**
 * The built index.html with this page's head, the data its first render needs and, when the page
 * was prerendered on the server, its markup and CSS, and when its app starts.
 */
export function renderPage(
  template: string,
  head: PageHead,
  data: InitialData,
  prerendered?: Prerendered,
  start: AppStart = 'after-paint',
): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    head.description && `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.canonicalUrl && `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    head.noIndex && '<meta name="robots" content="noindex" />',
    head.jsonLd && `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>`,
  ].filter(Boolean);
  const dataScript = `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(data)}</script>`;
  const rootOpen =
    prerendered && start === 'interaction' ? ROOT_OPEN.replace('>', ' data-start="interaction">') : ROOT_OPEN;
  const root = prerendered ? `${rootOpen}${prerendered.html}</div>` : ROOT;
  // Functions as replacements: a `$` in job text must not be read as a replacement pattern.
  return (prerendered ? withoutPreloads(template) : template)
    .replace(TITLE, () => tags.join('\n    '))
    .replace('</head>', () => (prerendered ? `${prerendered.styles}</head>` : '</head>'))
    .replace(ROOT, () => root + dataScript);
}

/**
 * A page the server drew is readable before any script runs, so it does not preload the app: the
 * entry fetches the app after the first paint or on the first interaction (src/web/main.tsx), and
 * the page itself gets the connection to itself until then.
 */
function withoutPreloads(template: string): string {
  return template.replace(/(?<![ \t])[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '');
}

/**
 * The template for pages the server prerenders: no script preloads, and the build's stylesheet
 * written into the page instead of linked, so the first paint waits for no second request (a
 * phone on a slow network saves a round trip; the sheet is a few KB compressed). `readStylesheet`
 * answers a linked sheet's text by its address, or undefined to leave that link as it is.
 */
export function prerenderedPageTemplate(
  template: string,
  readStylesheet: (href: string) => string | undefined,
): string {
  return withoutPreloads(template).replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) => {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    const css = href === undefined ? undefined : readStylesheet(href);
    // A sheet that could close the element early stays linked.
    return css === undefined || /<\/style/i.test(css) ? tag : `<style>${css}</style>`;
  });
}
