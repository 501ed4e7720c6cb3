import { printableValue } from '../../shared/format/printable-text';
import type { Job } from '../../shared/jobs/job-contract';
import {
  applicableSearch,
  filterOptions,
  readJobSearch,
  searchJobs,
  searchQuery,
  setParams,
  vocabularyOf,
  type JobSearch,
} from '../../shared/jobs/job-search';
import type { InitialData } from '../../shared/site/initial-data';
import type { Prerendered } from '../../shared/site/prerender';
import { findScreen, screens } from '../../shared/site/screen-routes';
import { pageTitles } from '../../shared/site/page-titles';
import { formatAddress, siteConfig } from '../../shared/site/site-config';
import { messages } from '../../shared/messages';
import type { Config } from '../config';
import type { RefusalPage } from '../http/error-handler';
import { createRepresentation, type Representation } from '../http/representation';
import type { JobRepository } from '../jobs/job-repository';
import type { OpenJobs, OpenJobsCache } from '../jobs/open-jobs-cache';
import { createDrawnPages, type DrawPage } from './drawn-pages';
import { withMarkedLinks } from './marked-links';
import { carriedMarker, SOURCE_PARAM } from '../../shared/sources/source-contract';

/**
 * The pages drawn beside the open jobs': the home page, About, Contact, the privacy notice, the
 * login and its forgotten password screen.
 */
const FIXED_PAGES = 6;
import { createJobPages, jobPageAddress } from './job-pages';
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
}): {
  page: (pathname: string, query?: string) => Promise<Served>;
  refusedPage: RefusalPage;
  /** The pages kept drawn now, by kind (for /metrics). */
  held: () => { pages: number; searches: number; refusals: number; closedJobPages: number };
} {
  const { template, prerenderedTemplate, prerender, jobs, openJobs, config } = context;
  const brand = siteConfig.brandName;
  const html = (head: PageHead, data: InitialData, prerendered?: Prerendered, start?: AppStart) =>
    createRepresentation(
      renderPage(prerendered ? prerenderedTemplate : template, head, data, prerendered, start),
      'text/html; charset=utf-8',
    );
  const settings = (): InitialData => ({ retentionDays: config.retentionDays });

  // Plain shells, whose HTML depends only on the build and the configuration: rendered once.
  const shells = new Map<string, Served>();
  const shell = (key: string, status: number, head: PageHead): Served => {
    let entry = shells.get(key);
    if (!entry) {
      const page = html(head, settings());
      shells.set(key, (entry = { status, page, current: () => page }));
    }
    return entry;
  };

  // Every page the server draws is kept until what it shows changes: the open jobs (by identity:
  // a second look that finds the same jobs keeps the same value) and the year in the footer.
  const bounds = config.memoryBounds;
  const drawn = createDrawnPages(bounds.keptJobPages + FIXED_PAGES);
  const year = () => new Date().getFullYear();
  const basis = (open: OpenJobs) => [open, year()];
  const servedFrom = (address: string, page: Representation, now: () => readonly unknown[] | undefined) => ({
    status: 200,
    page,
    current: () => {
      const at = now();
      return at && drawn.current(address, at);
    },
  });
  const withOpenJobs = () => {
    const open = openJobs.peek();
    return open && basis(open);
  };

  /**
   * The careers home page is prerendered on the server, so it paints before any script runs. Its
   * details open, its links work and its search form (a plain GET) is sent without the app, which
   * therefore waits for the visitor's first interaction instead of blocking the page after the paint.
   */
  const drawCareersHome =
    (address: string, pageData: () => InitialData): DrawPage =>
    async (done) => {
      // Printable before the prerender, so the markup and the inlined data the app starts from
      // say the same (docs/security.md#input-handling).
      const data = printableValue(pageData());
      const prerendered = await prerender(address, data);
      done(prerendered !== undefined || !prerender.mayDraw());
      return html(
        { title: `Careers | ${brand}`, description: siteDescription, canonicalUrl: `${config.publicUrl}/` },
        data,
        prerendered,
        'interaction',
      );
    };
  const drawHome = (open: OpenJobs) =>
    drawn.page(
      screens.home.path(),
      basis(open),
      drawCareersHome(screens.home.path(), () => ({ ...settings(), jobs: open.jobs })),
    );
  const homePage = async (): Promise<Served> =>
    servedFrom(screens.home.path(), await drawHome(await openJobs.get()), withOpenJobs);

  /**
   * The careers home with a search (docs/behaviour.md#job-search): the prerender reads the search
   * from the address as the browser does, so the page lists what the search finds with no script.
   * Each search is drawn once per change of the jobs and kept among the latest few, so a
   * shared or repeated search is answered from memory while made-up ones cannot fill it. Never
   * replayed (it is not the page's own address) and canonical to `/`, the page it narrows.
   */
  const searches = createDrawnPages(bounds.keptSearchPages);
  const drawSearch = (open: OpenJobs, search: JobSearch, query: string) => {
    const address = `${screens.home.path()}${query}`;
    // Only what the page lists and its options' counts: the open jobs (a thousand make 1.4 MB)
    // would cost every new search their copying, compressing and sending.
    const page = searches.page(
      address,
      basis(open),
      drawCareersHome(address, () => ({
        ...settings(),
        search: { query, jobs: searchJobs(open.jobs, search), options: filterOptions(open.jobs, search) },
      })),
    );
    return page;
  };
  const searchPage = async (query: string): Promise<Served> => {
    const params = new URLSearchParams(query);
    const open = await openJobs.get();
    // A department or town no open job names is no filter, as in the app (careers-home-page.tsx).
    const search = applicableSearch(readJobSearch(params), vocabularyOf(open.jobs));
    // One address per search, whatever else the link carried or in whichever case.
    const normal = searchQuery(search, setParams(search, [...params.keys()]));
    if (!normal) return homePage();
    const page = await drawSearch(open, search, normal);
    return { status: 200, page };
  };

  /**
   * A job's page, prerendered on the server (the job, and its form or closed notice) like `/`. Its
   * app also waits for the visitor's first interaction: the job reads without it, the form keeps
   * what is typed before it runs (and is a plain form a browser without script sends itself:
   * application-form.tsx), so a visitor who only reads, on a slow phone, spends nothing on the app.
   */
  const drawJobPage = async (stored: Job, done?: (final: boolean) => void) => {
    // As the home page's: one printable copy for the markup, the head and the inlined data.
    const data = printableValue({ ...settings(), job: stored });
    const { job } = data;
    const prerendered = await prerender(screens.apply.path({ id: job._id }), data);
    done?.(prerendered !== undefined || !prerender.mayDraw());
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
  const jobPages = createJobPages({
    jobs,
    openJobs,
    draw: drawJobPage,
    drawn,
    basis,
    keptClosed: bounds.keptClosedJobPages,
  });

  /**
   * About, Contact and the privacy notice show only the build and the configuration: drawn once
   * (and again in a new year, for the footer). Their links work without the app, and the privacy
   * notice's form keeps what is typed and cannot be sent until the app runs (lost-link-form.tsx),
   * so their app waits for the first interaction too. The login, and the forgotten password screen it
   * links to, are drawn the same way, so their forms are there at the first
   * paint instead of a spinner; everyone who opens one means to use it, so its app starts right
   * after that paint, and a press of its button meanwhile is pressed again once it runs
   * (src/web/main.tsx). They stay out of search engines: noindex, no canonical address.
   */
  const fixedHeads = {
    about: {
      title: pageTitles.about,
      description: `About ${siteConfig.legalName}: ${siteConfig.identity}`,
    },
    contact: {
      title: pageTitles.contact,
      description: `Contact ${siteConfig.legalName}: ${formatAddress()}, ${siteConfig.phone}, ${siteConfig.careersEmail}. Open ${siteConfig.openingHours.weekdays}, ${siteConfig.openingHours.hours}.`,
    },
    privacy: {
      title: pageTitles.privacy,
      description: `How ${siteConfig.legalName} handles the personal data you send when you apply for a job, how long it is kept, and your rights.`,
    },
    login: { title: pageTitles.login, noIndex: true },
    forgotPassword: { title: pageTitles.forgotPassword, noIndex: true },
  } satisfies Partial<Record<PrerenderedScreen, Omit<PageHead, 'canonicalUrl'>>>;
  type FixedScreen = keyof typeof fixedHeads;
  const signingIn: ReadonlySet<FixedScreen> = new Set(['login', 'forgotPassword']);
  const drawFixed = (name: FixedScreen) => {
    const address = screens[name].path();
    return drawn.page(address, [year()], async (done) => {
      const data = settings();
      const prerendered = await prerender(address, data);
      done(prerendered !== undefined || !prerender.mayDraw());
      const indexed = screens[name].indexing === 'index';
      return html(
        { ...fixedHeads[name], ...(indexed ? { canonicalUrl: `${config.publicUrl}${address}` } : {}) },
        data,
        prerendered,
        signingIn.has(name) ? 'after-paint' : 'interaction',
      );
    });
  };
  const fixedPage = (name: FixedScreen) => async (): Promise<Served> =>
    servedFrom(screens[name].path(), await drawFixed(name), () => [year()]);

  /**
   * Draws, away from any visitor, what is not drawn from the current values: the home page, the
   * fixed pages and every open job's page drawn before (one no longer open is let go). Run when the
   * jobs change and once the first page has been asked for, so the next visitor finds every page
   * drawn; changes arriving meanwhile are taken in one more pass. A visitor arriving while a page
   * is being drawn waits for that drawing, never for an older page.
   */
  let redrawing = false;
  let redrawAgain = false;
  const redraw = async (): Promise<void> => {
    if (redrawing) {
      redrawAgain = true;
      return;
    }
    redrawing = true;
    try {
      do {
        redrawAgain = false;
        const open = await openJobs.get();
        await drawHome(open);
        for (const name of Object.keys(fixedHeads) as FixedScreen[]) await drawFixed(name);
        const openIds = new Map(open.jobs.map((job) => [jobPageAddress(job._id), job]));
        for (const address of drawn.addresses()) {
          if (redrawAgain) break;
          const job = openIds.get(address);
          if (job) await jobPages.drawOpen(open, job);
          else if (address.startsWith(screens.apply.base)) drawn.forget(address);
        }
      } while (redrawAgain);
    } catch {
      // A page that could not be drawn now (its failure is logged) is drawn for its next visitor.
    } finally {
      redrawing = false;
    }
  };
  let started = false;
  openJobs.onStale(() => {
    if (started) void redraw();
  });
  const startRedrawing = () => {
    if (started) return;
    started = true;
    void redraw();
  };

  const prerenderedPages: Record<
    PrerenderedScreen,
    (params: Record<string, string>, query: string) => Promise<Served>
  > = {
    home: async (_params, query) => (query ? searchPage(query) : homePage()),
    apply: async ({ id }) =>
      (await jobPages.page(id!)) ??
      shell('job-not-found', 404, { title: `Job not found | ${brand} Careers`, noIndex: true }),
    about: fixedPage('about'),
    contact: fixedPage('contact'),
    privacy: fixedPage('privacy'),
    login: fixedPage('login'),
    forgotPassword: fixedPage('forgotPassword'),
  };

  /**
   * The site's page for a request the server refused (a NUL in the address, a malformed one), or
   * for what it answers a browser's plain form or opened link in words: a browser gets the site's
   * frame with the message rather than the API's JSON (docs/behaviour.md#routes-and-screens).
   * Drawn at the address's path, never with its query (a visitor's search), and kept among the
   * latest few like searches, so made-up addresses cannot fill memory; one with a form (its
   * address a private link) is never kept.
   */
  const refusals = createDrawnPages(bounds.keptSearchPages);
  const refusedPage: RefusalPage = (pathname, refusal) => {
    const key = JSON.stringify([pathname, refusal]);
    const page = refusals.page(key, [year()], async (done) => {
      const data: InitialData = { ...settings(), refusal };
      const prerendered = await prerender(pathname, data);
      done(prerendered !== undefined || !prerender.mayDraw());
      return html(
        { title: `${refusal.title ?? messages.requestRefused} | ${brand} Careers`, noIndex: true },
        data,
        prerendered,
        'interaction',
      );
    });
    if (refusal.form) refusals.forget(key);
    return page;
  };

  const servePage = async (pathname: string, query = ''): Promise<Served> => {
    const found = findScreen(pathname, 'web');
    if (!found) return shell('not-found', 404, { title: `Page not found | ${brand}`, noIndex: true });
    const { name, route, params } = found;
    if (route.prerendered) {
      const served = await prerenderedPages[name as PrerenderedScreen](params, query);
      // The first visitor's page is drawn; the others are drawn now, before anyone asks.
      startRedrawing();
      // A visitor who came by a tracking link keeps its marker in the page's links (marked-links.ts).
      const marker = carriedMarker(new URLSearchParams(query).get(SOURCE_PARAM));
      return marker && served.status === 200
        ? { status: served.status, page: withMarkedLinks(served.page, marker) }
        : served;
    }
    if (route.indexing !== 'index') {
      const screen = shell('private', 200, { title: `${brand} Careers`, noIndex: true });
      // A screen of one record (/dashboard/edit/:id, an applicant's private link, one reset link) has
      // as many addresses as anyone makes up: the same HTML, but never kept for repeating.
      return route.replay ? screen : { status: screen.status, page: screen.page };
    }
    const page = shell(pathname, 200, {
      title: `${brand} Careers`,
      description: siteDescription,
      canonicalUrl: `${config.publicUrl}${pathname}`,
    });
    return route.replay ? page : { status: page.status, page: page.page };
  };
  return {
    page: servePage,
    refusedPage,
    held: () => ({
      pages: drawn.size(),
      searches: searches.size(),
      refusals: refusals.size(),
      closedJobPages: jobPages.held(),
    }),
  };
}
