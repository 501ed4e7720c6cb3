import type { InitialData } from '../../shared/site/initial-data';
import { INITIAL_DATA_ELEMENT_ID } from '../../shared/site/initial-data';
import { escapeHtml, scriptSafeJson } from './safe-json';

export interface PageHead {
  title: string;
  description?: string;
  canonicalUrl?: string;
  /** schema.org data, e.g. a JobPosting. */
  jsonLd?: Record<string, unknown>;
  noIndex?: boolean;
}

const TITLE = /<title>[^<]*<\/title>/;
const ROOT = '<div id="root"></div>';

/** Checks once, at start, that the built index.html has the places pages are filled in. */
export function assertPageTemplate(template: string): void {
  if (!TITLE.test(template) || !template.includes(ROOT)) {
    throw new Error('the web build’s index.html has no <title> or no <div id="root"></div>');
  }
}

/** The built index.html with this page's head and the data its first render needs. */
export function renderPage(template: string, head: PageHead, data: InitialData): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    head.description && `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.canonicalUrl && `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    head.noIndex && '<meta name="robots" content="noindex" />',
    head.jsonLd && `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>`,
  ].filter(Boolean);
  const dataScript = `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(data)}</script>`;
  // Functions as replacements: a `$` in job text must not be read as a replacement pattern.
  return template.replace(TITLE, () => tags.join('\n    ')).replace(ROOT, () => ROOT + dataScript);
}
