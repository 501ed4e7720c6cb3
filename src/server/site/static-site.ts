import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isId } from '../../shared/http/id';
import { formatAddress, siteConfig } from '../../shared/site/site-config';
import type { InitialData } from '../../shared/site/initial-data';
import { toPublicJob, type Job } from '../../shared/jobs/job-contract';
import type { Config } from '../config';
import type { JobRepository } from '../jobs/job-repository';
import { createRepresentation, sendRepresentation, type Representation } from '../http/representation';
import type { OpenJobs, OpenJobsCache } from '../jobs/open-jobs-cache';
import { isSpaRoute } from './spa-routes';
import { trimTrailingSlashes } from '../http/url-path';
import { MY_APPLICATION_PATH } from '../../shared/my-application/my-application-contract';
import { jobPosting, jobSummary, jobUrl } from './job-posting';
import {
  assertPageTemplate,
  prerenderedPageTemplate,
  renderPage,
  type AppStart,
  type PageHead,
} from './page-html';
import { createPrerenderer } from './prerender-loader';
import type { Prerendered } from '../../shared/site/prerender';

interface Served {
  status: number;
  page: Representation;
  current?: () => Representation | undefined;
}

/** Closed jobs' pages kept drawn (a few KB to tens of KB each); the least recently asked for go first. */
const CLOSED_JOB_PAGES = 32;

const siteDescription = `Careers at ${siteConfig.legalName}, ${formatAddress()}. ${siteConfig.tagline}`;

/**
 * Serves the built web site when there is one. Hashed assets are cached for a year; the HTML
 * is always revalidated. Each page's HTML carries its own head (title, description, canonical
 * address, JobPosting data on job pages) and the data its first render needs. Paths the app
 * does not know get its 404 screen with a 404 status.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  context: { jobs: JobRepository; openJobs: OpenJobsCache; config: Config },
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
  const { jobs, openJobs, config } = context;
  const brand = siteConfig.brandName;

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    // The page template is no page: `/index.html` is answered as `/` by the route below.
    globIgnore: ['index.html'],
    // The build wrote .br and .gz beside each asset (scripts/precompress.mjs).
    preCompressed: true,
    // Off, or it would overwrite the header set here with its own `max-age=0`.
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });

  const html = (head: PageHead, data: InitialData, prerendered?: Prerendered, start?: AppStart) =>
    createRepresentation(
      renderPage(prerendered ? prerenderedTemplate : template, head, data, prerendered, start),
      'text/html; charset=utf-8',
    );
  const prerender = createPrerenderer(distDir, app.log);
  app.addHook('onClose', () => prerender.close());
  const settings = (): InitialData => ({ retentionDays: config.retentionDays });

  // Pages whose HTML depends only on the build and the configuration: rendered once.
  const fixedPages = new Map<string, Served>();
  const fixedPage = (key: string, status: number, head: PageHead): Served => {
    let entry = fixedPages.get(key);
    if (!entry) {
      const page = html(head, settings());
      fixedPages.set(key, (entry = { status, page, current: () => page }));
    }
    return entry;
  };
  // Pages built from the open jobs: kept as long as that list is (a job change drops both).
  // A promise, so visitors arriving while the page is prerendered all wait for the one render.
  const homePages = new WeakMap<OpenJobs, Promise<Representation>>();
  const prerenderedHomePages = new WeakMap<OpenJobs, Representation>();
  const jobPages = new WeakMap<OpenJobs, Map<string, Promise<Representation>>>();
  const prerenderedJobPages = new WeakMap<OpenJobs, Map<string, Representation>>();

  /**
   * A job's page, prerendered on the server (the job, and its form or closed notice) like `/`. Its
   * app also waits for the visitor's first interaction: the job reads without it, the form keeps
   * what is typed before it runs and cannot be sent until then (application-form.tsx), so a
   * visitor who only reads, on a slow phone, spends nothing on the app.
   */
  const applyPage = async (job: Job, drawn?: (prerendered: Prerendered | undefined) => void) => {
    const data = { ...settings(), job };
    const prerendered = await prerender(`/apply/${job._id}`, data);
    drawn?.(prerendered);
    return html(
      {
        title: `Apply for ${job.jobTitle} | ${brand} Careers`,
        description: jobSummary(job),
        canonicalUrl: jobUrl(config.publicUrl, job),
        jsonLd: jobPosting(job, config.publicUrl),
      },
      data,
      prerendered,
      'interaction',
    );
  };

  /**
   * Closed jobs' pages, each drawn once for the job as it is now: kept by the job's id with the
   * public form it was drawn from (its last edit included), so an edit draws it again and a job
   * reopened is served from the open jobs. Only a page the prerender drew is kept: one that went
   * out as the plain shell (a prerender that failed) is tried again by the next visitor.
   */
  const closedPages = new Map<string, { drawnFrom: string; page: Promise<Representation> }>();
  const closedJobPage = (job: Job): Promise<Representation> => {
    const drawnFrom = JSON.stringify(job);
    const kept = closedPages.get(job._id);
    closedPages.delete(job._id);
    if (kept?.drawnFrom === drawnFrom) {
      closedPages.set(job._id, kept);
      return kept.page;
    }
    let prerendered = false;
    const entry = {
      drawnFrom,
      page: applyPage(job, (drawn) => (prerendered = drawn !== undefined)),
    };
    closedPages.set(job._id, entry);
    if (closedPages.size > CLOSED_JOB_PAGES) closedPages.delete(closedPages.keys().next().value!);
    const forget = () => {
      if (closedPages.get(job._id) === entry) closedPages.delete(job._id);
    };
    void entry.page.then(() => {
      if (!prerendered) forget();
    }, forget);
    return entry.page;
  };

  /** A page built from the open jobs, if they are at hand and it has been built from them. */
  const withOpenJobs = (pageOf: (open: OpenJobs) => Representation | undefined) => {
    const open = openJobs.peek();
    return open && pageOf(open);
  };

  /**
   * The status and HTML of one page of the app and, for a page every visitor gets alike, which
   * HTML is current at a later request (see sendRepresentation).
   */
  async function page(pathname: string): Promise<Served> {
    if (pathname === '/') {
      const open = await openJobs.get();
      let home = homePages.get(open);
      if (!home) {
        // The careers home page is prerendered on the server, so it paints before any script runs. It
        // holds no form: its details open and its links work without the app, which therefore
        // waits for the visitor's first interaction instead of blocking the page after the paint.
        const data = { ...settings(), jobs: open.jobs };
        home = prerender('/', data).then((prerendered) =>
          html(
            {
              title: `Careers | ${brand}`,
              description: siteDescription,
              canonicalUrl: `${config.publicUrl}/`,
            },
            data,
            prerendered,
            'interaction',
          ),
        );
        homePages.set(open, home);
        void home.then(
          (page) => prerenderedHomePages.set(open, page),
          () => homePages.delete(open),
        );
      }
      return {
        status: 200,
        page: await home,
        current: () => withOpenJobs((open) => prerenderedHomePages.get(open)),
      };
    }
    const apply = /^\/apply\/([^/]+)$/.exec(pathname);
    if (apply) {
      const id = apply[1]!;
      const open = await openJobs.get();
      const openJob = open.jobs.find((job) => job._id === id);
      if (openJob) {
        const pages = jobPages.get(open) ?? new Map<string, Promise<Representation>>();
        jobPages.set(open, pages);
        let rendered = pages.get(id);
        if (!rendered) {
          pages.set(id, (rendered = applyPage(openJob)));
          void rendered.then(
            (page) => {
              const done = prerenderedJobPages.get(open) ?? new Map<string, Representation>();
              prerenderedJobPages.set(open, done.set(id, page));
            },
            () => pages.delete(id),
          );
        }
        return {
          status: 200,
          page: await rendered,
          current: () => withOpenJobs((open) => prerenderedJobPages.get(open)?.get(id)),
        };
      }
      // A closed (or unknown) job is read each time: its page is drawn once per version of the job.
      const job = isId(id) ? await jobs.find(id) : undefined;
      if (job) return { status: 200, page: await closedJobPage(toPublicJob(job)) };
      return fixedPage('job-not-found', 404, { title: `Job not found | ${brand} Careers`, noIndex: true });
    }
    if (!isSpaRoute(pathname)) {
      return fixedPage('not-found', 404, { title: `Page not found | ${brand}`, noIndex: true });
    }
    if (
      /^\/(dashboard|login|register|forgot-password|reset-password|success|error|my-application)(\/|$)/.test(
        pathname,
      )
    ) {
      const screen = fixedPage('private', 200, { title: `${brand} Careers`, noIndex: true });
      // A screen of one record (/dashboard/edit/:id, an applicant's private link, one reset link) has
      // as many addresses as anyone makes up: the same HTML, but never kept for repeating.
      return /^\/(dashboard\/(application|edit)|my-application|reset-password)\//.test(pathname)
        ? { status: screen.status, page: screen.page }
        : screen;
    }
    return fixedPage(pathname, 200, {
      title: `${brand} Careers`,
      description: siteDescription,
      canonicalUrl: `${config.publicUrl}${pathname}`,
    });
  }

  // Every file of the build has its own route (wildcard: false); everything else is the app.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = trimTrailingSlashes(request.url.split('?')[0] ?? '/');
    // What a visitor typing the template's name expects is the home page (canonical `/`).
    const { status, page: answer, current } = await page(pathname === '/index.html' ? '/' : pathname);
    // A private link must stay out of search engines even if someone publishes it; the page's
    // own meta tag says the same (docs/security.md#the-applicants-private-link).
    if (pathname.startsWith(`${MY_APPLICATION_PATH}/`)) reply.header('x-robots-tag', 'noindex, nofollow');
    return sendRepresentation(request, reply, answer, {
      status,
      cacheControl: 'no-cache',
      // Kept only when asked for by the page's own address (not `/about/` or `/about?x`).
      replay: current && { page: pathname, current },
    });
  });
  return true;
}
