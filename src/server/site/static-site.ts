import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isId } from '../../shared/http/id';
import { formatAddress, siteConfig } from '../../shared/site/site-config';
import type { InitialData } from '../../shared/site/initial-data';
import type { AppContext } from '../app-context';
import { isSpaRoute } from './spa-routes';
import { jobPosting, jobSummary, jobUrl } from './job-posting';
import { assertPageTemplate, renderPage, type PageHead } from './page-html';

const siteDescription = `Careers at ${siteConfig.legalName}, ${formatAddress()}. ${siteConfig.tagline}`;

/**
 * Serves the built web site when there is one. Hashed assets are cached for a year; the HTML
 * is always revalidated. Each page's HTML carries its own head (title, description, canonical
 * address, JobPosting data on job pages) and the data its first render needs. Paths the app
 * does not know get its 404 screen with a 404 status.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  context: Pick<AppContext, 'jobs' | 'config'>,
  distDir: string,
): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'no web build found: serving the API only (run `npm run build`)');
    return false;
  }
  const template = readFileSync(indexFile, 'utf8');
  assertPageTemplate(template);
  const { jobs, config } = context;
  const brand = siteConfig.brandName;

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });

  /** The head, the status and the first render's data of one page. */
  async function page(pathname: string): Promise<{ status: number; head: PageHead; data: InitialData }> {
    const data: InitialData = { retentionDays: config.retentionDays };
    const canonicalUrl = `${config.publicUrl}${pathname}`;
    if (pathname === '/') {
      data.jobs = await jobs.list();
      return {
        status: 200,
        head: { title: `Careers | ${brand}`, description: siteDescription, canonicalUrl },
        data,
      };
    }
    const apply = /^\/apply\/([^/]+)$/.exec(pathname);
    if (apply) {
      const id = apply[1]!;
      const job = isId(id) ? await jobs.find(id) : undefined;
      if (!job)
        return { status: 404, head: { title: `Job not found | ${brand} Careers`, noIndex: true }, data };
      data.job = job;
      return {
        status: 200,
        head: {
          title: `Apply for ${job.jobTitle} | ${brand} Careers`,
          description: jobSummary(job),
          canonicalUrl: jobUrl(config.publicUrl, job),
          jsonLd: jobPosting(job, config.publicUrl),
        },
        data,
      };
    }
    if (!isSpaRoute(pathname))
      return { status: 404, head: { title: `Page not found | ${brand}`, noIndex: true }, data };
    const isPrivate = /^\/(dashboard|login|register|success|error)(\/|$)/.test(pathname);
    return {
      status: 200,
      head: isPrivate
        ? { title: `${brand} Careers`, noIndex: true }
        : { title: `${brand} Careers`, description: siteDescription, canonicalUrl },
      data,
    };
  }

  // Every file of the build has its own route (wildcard: false); everything else is the app.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const raw = request.url.split('?')[0] ?? '/';
    const pathname = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
    const { status, head, data } = await page(pathname);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderPage(template, head, data));
  });
  return true;
}
