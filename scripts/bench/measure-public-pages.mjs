// About, Contact and the privacy notice, which the server draws like the home page: Lighthouse
// mobile (measure-lighthouse.mjs) in all four categories a visitor or a search engine notices
// (performance, accessibility, best practices, SEO), and the layout shift, which must be 0: the
// footer may not move as a page arrives.
import { measureLighthouse } from './measure-lighthouse.mjs';

export const PUBLIC_PAGES = ['/about', '/contact', '/privacy'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Each page's runs: every category's lowest score, the largest layout shift and the LCPs. */
export async function measurePublicPages({ baseUrl, workDir, runs, pages = PUBLIC_PAGES }) {
  const results = [];
  for (const pathname of pages) {
    console.info(`  ${pathname}`);
    const lighthouse = await measureLighthouse(`${baseUrl}${pathname}`, workDir, runs, CATEGORIES);
    const lowest = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.min(...lighthouse.runs.map((run) => run.scores[id]))]),
    );
    const cls = Math.max(...lighthouse.runs.map((run) => run.cls));
    const lcpMs = lighthouse.runs.map((run) => run.lcpMs);
    results.push({ pathname, lowest, cls, lcpMs, lighthouse });
  }
  const cell = (result) =>
    `${result.pathname} ${CATEGORIES.map((id) => result.lowest[id]).join('/')}, CLS ${result.cls.toFixed(3)}, ` +
    `LCP ${result.lcpMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`;
  return {
    product: `${results.map(cell).join('; ')} (lowest of ${runs} runs: perf/a11y/best/SEO)`,
    met: results.every((result) => CATEGORIES.every((id) => result.lowest[id] === 100) && result.cls === 0),
    details: results,
  };
}
