// The JS a visitor of `/` downloads before interacting, fetched from the product as a browser would
// (with Accept-Encoding). Files: the <script src> and modulepreload links of the served HTML, plus
// the entry's static imports from Vite's manifest (tests/support/bundle-size.ts, also used by the
// e2e bundle budget), in case one is not preloaded; the app, which the entry imports on the first
// interaction, is not among them. The figure is gzip bytes: the bytes on the wire when the product
// sent gzip, else gzip -9 of what it sent (as the e2e budget counts), with the bytes actually on the
// wire shown beside it. Beside it, whether `/` works in Chromium with JavaScript off.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumExecutablePath } from '../../tests/support/chromium-path.ts';
import { entryBundle } from '../../tests/support/bundle-size.ts';
import { BROWSER_ACCEPT_ENCODING, decodeBody, request } from './http-client.mjs';

/** Admin-only code (by source path in the source maps, or by chunk name, as the e2e test checks). */
const ADMIN_SOURCE =
  /layout\/admin|app\/pages|admin|cv-preview|pdfjs|sweetalert|applications-list|application-detail|job-form|job-table/i;
const ADMIN_CHUNK = /dashboard|admin|pdf-preview|pdfjs|sweetalert/i;

/** The script and modulepreload URLs of an HTML page. */
export function scriptUrls(html) {
  const urls = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attribute = (name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    if (tag.toLowerCase().startsWith('<script') && attribute('src')) urls.push(attribute('src'));
    if (tag.toLowerCase().startsWith('<link') && attribute('rel') === 'modulepreload')
      urls.push(attribute('href'));
  }
  return urls;
}

export async function measureFirstLoadJs(baseUrl, distDir) {
  const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const page = await request(`${baseUrl}/`, { headers });
  const fromHtml = scriptUrls(decodeBody(page).toString('utf8')).filter((url) => url.startsWith('/'));
  const fromManifest = entryBundle(distDir).files.map((file) => `/${file.file}`);
  const urls = [...new Set([...fromHtml, ...fromManifest])];

  const files = [];
  for (const url of urls) {
    const answer = await request(`${baseUrl}${url}`, { headers });
    if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status}`);
    const encoding = answer.headers['content-encoding'] ?? null;
    const bytes = decodeBody(answer);
    const mapFile = path.join(distDir, `${url.slice(1)}.map`);
    const sources = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')).sources : [];
    files.push({
      url,
      encoding,
      wireBytes: answer.body.length,
      gzipBytes: encoding === 'gzip' ? answer.body.length : gzipSync(bytes, { level: 9 }).length,
      adminSources: [
        ...sources.filter((source) => ADMIN_SOURCE.test(source)),
        ...(ADMIN_CHUNK.test(url) ? [url] : []),
      ],
    });
  }
  return {
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    wireBytes: files.reduce((sum, file) => sum + file.wireBytes, 0),
    encodings: [...new Set(files.map((file) => file.encoding ?? 'none'))],
    adminCode: files.flatMap((file) => file.adminSources),
    notPreloaded: fromManifest.filter((url) => !fromHtml.includes(url)),
    files,
  };
}

/**
 * `/` in Chromium with JavaScript off: every open job's title shows, the first job's details text
 * shows, its Apply Now link leads to its page and the header's About Us link to /about. Answers
 * `{ ok, problems }`, each problem one sentence.
 */
export async function measureContentWithoutScript(baseUrl, jobs) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath('browser'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const problems = [];
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    // Each card's title as the page shows it (checkVisibility, not innerText, which leaves out the
    // cards the browser has not laid out yet: content-visibility: auto).
    const shown = await page.locator('#root article[aria-labelledby]').evaluateAll((cards) =>
      cards
        .map((card) => card.ownerDocument.getElementById(card.getAttribute('aria-labelledby')))
        .filter((title) => title?.checkVisibility())
        .map((title) => title.textContent.trim()),
    );
    const missing = jobs.filter((job) => !shown.includes(job.jobTitle));
    if (missing.length) problems.push(`${missing.length} of ${jobs.length} job titles are not shown`);
    const first = jobs[0];
    if (first) {
      const applyLink = page.locator(`a[href="/apply/${encodeURIComponent(first._id)}"]`);
      const card = page.getByRole('article').filter({ has: applyLink });
      const description = first.description.split('\n')[0].trim();
      if (!(await card.getByText(description, { exact: false }).first().isVisible()))
        problems.push('the details text is not shown');
      await applyLink.click();
      if (new URL(page.url()).pathname !== `/apply/${first._id}`)
        problems.push(`Apply Now led to ${page.url()}`);
      await page.goto(`${baseUrl}/`);
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    if (new URL(page.url()).pathname !== '/about') problems.push(`About Us led to ${page.url()}`);
  } catch (error) {
    problems.push(`check failed: ${error.message.split('\n')[0]}`);
  } finally {
    await browser.close();
  }
  return { ok: problems.length === 0, problems };
}
