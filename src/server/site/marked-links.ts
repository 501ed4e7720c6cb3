import { apiPaths } from '../../shared/http/api-routes';
import { findScreen } from '../../shared/site/screen-routes';
import { SOURCE_PARAM, withSourceMarker } from '../../shared/sources/source-contract';
import { createRepresentation, type Representation } from '../http/representation';
import { escapeHtml } from './safe-json';

const ROOT_OPEN = '<div id="root"';
/** The end of the drawn markup: the data the app starts from follows it (page-html.ts). */
const DATA_SCRIPT = '<script id=';
const LINK = /\bhref="(\/(?!\/)[^"#?]*)(\?[^"#]*)?(#[^"]*)?"/g;
const SEARCH_FORM = /<form\b[^>]*\brole="search"[^>]*>/;
/** The job page's application form, sent as a plain form without the app (application-form.tsx). */
const APPLY_FORM = new RegExp(`<form\\b[^>]*\\baction="/api${apiPaths.applications.path()}"[^>]*>`);
/** The application's field that carries the marker (application-contract.ts). */
const SOURCE_FIELD = 'source';

/**
 * A drawn public page as a visitor who landed with a tracking link's marker gets it
 * (docs/behaviour.md#sources): every link in its markup to another public page carries `src`,
 * the job search form sends it, so the marker reaches the job's page without the app (no cookie
 * carries it), and the job's application form sends it with the application (as the first
 * field, where the app draws it too). The head is left alone: the canonical address and the JobPosting stay
 * without the marker. Drawn for this request alone; the page kept for everyone is unchanged.
 */
export function withMarkedLinks(page: Representation, marker: string): Representation {
  const html = page.body('identity').toString('utf8');
  const start = html.indexOf(ROOT_OPEN);
  const end = start < 0 ? -1 : html.indexOf(DATA_SCRIPT, start);
  if (end < 0) return page;
  const markup = html
    .slice(start, end)
    .replace(LINK, (whole, path: string, query = '', fragment = '') => {
      const found = findScreen(path, 'web');
      if (!found || found.route.admin || found.route.indexing !== 'index') return whole;
      const address = withSourceMarker(`${path}${query.replaceAll('&amp;', '&')}`, marker);
      return `href="${escapeHtml(address)}${fragment}"`;
    })
    .replace(
      SEARCH_FORM,
      (form) => `${form}<input type="hidden" name="${SOURCE_PARAM}" value="${escapeHtml(marker)}"/>`,
    )
    .replace(
      APPLY_FORM,
      (form) => `${form}<input type="hidden" name="${SOURCE_FIELD}" value="${escapeHtml(marker)}"/>`,
    );
  return createRepresentation(html.slice(0, start) + markup + html.slice(end), page.contentType);
}
