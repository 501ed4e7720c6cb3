import type { Job } from '../../shared/jobs/job-contract';
import type { InitialData } from '../../shared/site/initial-data';
import type { Prerendered } from '../../shared/site/prerender';
import { findScreen, screens } from '../../shared/site/screen-routes';
import { formatAddress, siteConfig } from '../../shared/site/site-config';
import type { Config } from '../config';
import { createRepresentation, type Representation } from '../http/representation';
import type { JobRepository } from '../jobs/job-repository';
import type { OpenJobs, OpenJobsCache } from '../jobs/open-jobs-cache';
import { createJobPages } from './job-pages';
import { jobPosting, jobSummary, jobUrl } from './job-posting';
import { renderPage, type AppStart, type PageHead, type Served } from './page-html';
import type { PrerenderPage } from './prerender-loader';

/** The rows of the route table the server draws with their data: each needs its drawing here. */
type PrerenderedScreen = {
  [Name in keyof typeof screens]: (typeof screens)[Name]['prerendered'] extends true ? Name : never;
}[keyof typeof screens];

const siteDescription = `Careers at ${siteConfig.legalName}, ${formatAddress()}. ${siteConfig.tagline}`;

/**
 * The HTML of every page of the app, by the route table (src/shared/site/screen-routes.ts): the
 * prerendered pages drawn with their data, every other screen as the app's shell with its head
 * (noindex as its row says), and any other address the app's 404 screen with a 404 status.
 */
export function createSitePages(context: {
  template: string;
  prerenderedTemplate: string;
  prerender: PrerenderPage;
  jobs: JobRepository;
  openJobs: OpenJobsCache;
  config: Config;
}): (pathname: string) => Promise<Served> {
  const { template, prerenderedTemplate, prerender, jobs, openJobs, config } = context;
  const brand = siteConfig.brandName;
  const html = (head: PageHead, data: InitialData, prerendered?: Prerendered, start?: AppStart) =>
    createRepresentation(
      renderPage(prerendered ? prerenderedTemplate : template, head, data, prerendered, start),
      'text/html; charset=utf-8',
    );
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

  // The home page is kept as long as the open jobs it shows (a job change drops both).
  const homePages = new WeakMap<OpenJobs, Promise<Representation>>();
  const prerenderedHomePages = new WeakMap<OpenJobs, Representation>();
  const homePage = async (): Promise<Served> => {
    const open = await openJobs.get();
    let home = homePages.get(open);
    if (!home) {
      // The careers home page is prerendered on the server, so it paints before any script runs. It
      // holds no form: its details open and its links work without the app, which therefore
      // waits for the visitor's first interaction instead of blocking the page after the paint.
      const data = { ...settings(), jobs: open.jobs };
      home = prerender(screens.home.path(), data).then((prerendered) =>
        html(
          { title: `Careers | ${brand}`, description: siteDescription, canonicalUrl: `${config.publicUrl}/` },
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
      current: () => {
        const now = openJobs.peek();
        return now && prerenderedHomePages.get(now);
      },
    };
  };

  /**
   * A job's page, prerendered on the server (the job, and its form or closed notice) like `/`. Its
   * app also waits for the visitor's first interaction: the job reads without it, the form keeps
   * what is typed before it runs and cannot be sent until then (application-form.tsx), so a
   * visitor who only reads, on a slow phone, spends nothing on the app.
   */
  const drawJobPage = async (job: Job, drawn?: (prerendered: Prerendered | undefined) => void) => {
    const data = { ...settings(), job };
    const prerendered = await prerender(screens.apply.path({ id: job._id }), data);
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
  const jobPage = createJobPages({ jobs, openJobs, draw: drawJobPage });

  const prerenderedPages: Record<PrerenderedScreen, (params: Record<string, string>) => Promise<Served>> = {
    home: homePage,
    apply: async ({ id }) =>
      (await jobPage(id!)) ??
      fixedPage('job-not-found', 404, { title: `Job not found | ${brand} Careers`, noIndex: true }),
  };

  return async (pathname) => {
    const found = findScreen(pathname, 'web');
    if (!found) return fixedPage('not-found', 404, { title: `Page not found | ${brand}`, noIndex: true });
    const { name, route, params } = found;
    if (route.prerendered) return prerenderedPages[name as PrerenderedScreen](params);
    if (route.indexing !== 'index') {
      const screen = fixedPage('private', 200, { title: `${brand} Careers`, noIndex: true });
      // A screen of one record (/dashboard/edit/:id, an applicant's private link, one reset link) has
      // as many addresses as anyone makes up: the same HTML, but never kept for repeating.
      return route.replay ? screen : { status: screen.status, page: screen.page };
    }
    const page = fixedPage(pathname, 200, {
      title: `${brand} Careers`,
      description: siteDescription,
      canonicalUrl: `${config.publicUrl}${pathname}`,
    });
    return route.replay ? page : { status: page.status, page: page.page };
  };
}
