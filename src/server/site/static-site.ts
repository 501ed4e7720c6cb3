import type { CacheSizes } from '../runtime/cache-sizes';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { screensOf } from '../../shared/site/screen-routes';
import { SITE_ICONS } from '../../shared/site/site-icons';
import type { Config } from '../config';
import type { JobRepository } from '../jobs/job-repository';
import type { ErrorAnswers } from '../http/error-handler';
import { sendRepresentation } from '../http/representation';
import type { OpenJobsCache } from '../jobs/open-jobs-cache';
import { trimTrailingSlashes } from '../http/url-path';
import { assertPageTemplate, prerenderedPageTemplate } from './page-html';
import { createPrerenderer } from './prerender-loader';
import { createSitePages } from './site-pages';

/**
 * Serves the built web site when there is one. Hashed assets are cached for a year; the HTML
 * is always revalidated. Each page's HTML carries its own head (title, description, canonical
 * address, JobPosting data on job pages) and the data its first render needs. Paths the app
 * does not know get its 404 screen with a 404 status (site-pages.ts).
 */
export async function registerStaticSite(
  app: FastifyInstance,
  context: {
    jobs: JobRepository;
    openJobs: OpenJobsCache;
    config: Config;
    errors: ErrorAnswers;
    cacheSizes: Pick<CacheSizes, 'report'>;
  },
  distDir: string,
): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'no web build found: serving the API only (run `npm run build`)');
    return false;
  }
  const template = readFileSync(indexFile, 'utf8');
  assertPageTemplate(template);
  // The build's own stylesheets (under /assets/), read once: prerendered pages carry them inline.
  const prerenderedTemplate = prerenderedPageTemplate(template, (href) => {
    const file = path.join(distDir, href);
    return /^\/assets\/[\w.-]+\.css$/.test(href) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  });
  await serveBuiltFiles(app, distDir);

  const prerender = createPrerenderer(distDir, app.log, { idleTimeoutMs: context.config.prerenderIdleMs });
  app.addHook('onClose', () => prerender.close());
  const { page, refusedPage, held } = createSitePages({
    ...context,
    template,
    prerenderedTemplate,
    prerender,
  });
  context.cacheSizes.report('drawn_pages', () => ({ entries: held().pages }));
  context.cacheSizes.report('search_pages', () => ({ entries: held().searches }));
  context.cacheSizes.report('refusal_pages', () => ({ entries: held().refusals }));
  context.cacheSizes.report('closed_job_pages', () => ({ entries: held().closedJobPages }));
  // A browser opening a page the server refuses (a NUL in its address) gets the site's page saying why.
  context.errors.useRefusalPage(refusedPage);
  // A private link must stay out of search engines even if someone publishes it; the page's
  // own meta tag says the same (docs/security.md#the-applicants-private-link).
  const privateBases = screensOf('web')
    .filter((route) => route.indexing === 'private')
    .map((route) => route.base);

  // Every file of the build has its own route (wildcard: false); everything else is the app.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const mark = request.url.indexOf('?');
    const pathname = trimTrailingSlashes(mark === -1 ? request.url : request.url.slice(0, mark));
    const query = mark === -1 ? '' : request.url.slice(mark + 1);
    // What a visitor typing the template's name expects is the home page (canonical `/`).
    const { status, page: answer, current } = await page(pathname === '/index.html' ? '/' : pathname, query);
    if (privateBases.some((base) => pathname.startsWith(base)))
      reply.header('x-robots-tag', 'noindex, nofollow');
    return sendRepresentation(request, reply, answer, {
      status,
      cacheControl: 'no-cache',
      // Kept only when asked for by the page's own address (not `/about/` or `/about?x`).
      replay: current && { page: pathname, current },
    });
  });
  return true;
}

/**
 * The icons keep their names (browsers ask for /favicon.ico by name, home screens keep the
 * manifest's addresses), so they cannot be cached for ever like the hashed assets; a day spares a
 * request on every page while a new icon still reaches everyone by the next day.
 */
const ICON_FILES = new Set(Object.values(SITE_ICONS).map((icon) => icon.path.slice(1)));
const ICON_CACHE = 'public, max-age=86400';

/** The build's files, each under its own route; the page template is no page of its own. */
async function serveBuiltFiles(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    // The page template is no page: `/index.html` is answered as `/` by the app's route.
    globIgnore: ['index.html'],
    // The build wrote .br and .gz beside each asset (scripts/precompress.mjs).
    preCompressed: true,
    // Off, or it would overwrite the header set here with its own `max-age=0`.
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      const icon =
        path.dirname(filePath) === path.resolve(distDir) && ICON_FILES.has(path.basename(filePath));
      void reply.header(
        'cache-control',
        hashed
          ? 'public, max-age=31536000, immutable'
          : icon
            ? ICON_CACHE
            : 'public, max-age=0, must-revalidate',
      );
    },
  });
}
