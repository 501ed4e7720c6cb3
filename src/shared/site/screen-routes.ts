/**
 * Every screen of the app, once: its address pattern, how to build an address for it, and the
 * facts both ends need. The renderer builds its routes, links and active rules from it; the server
 * builds its page list, its 404s, its noindex rules, robots.txt and the sitemap from it
 * (docs/architecture.md#the-route-table). A new screen is one row here plus its own file.
 *
 * This file imports nothing, so eslint.config.js can read it as it is (Node strips the types).
 */

/** Where a screen is shown: the web build, the desktop console, or both. */
export type Face = 'web' | 'desktop';

/**
 * What the site tells search engines about a page:
 * - `index`: welcome, with its canonical address; in the sitemap when its address has no parameter;
 * - `noindex`: the page asks not to be indexed (its robots meta tag);
 * - `disallow`: that, and robots.txt asks crawlers to keep out;
 * - `private`: a private link: noindex in the page and in an X-Robots-Tag header, and named
 *   nowhere, since robots.txt would tell everyone where such links live.
 */
export type Indexing = 'index' | 'noindex' | 'disallow' | 'private';

export interface ScreenFlags {
  faces: readonly Face[];
  /** Behind the admin guard, in the admin layout: its pattern starts with ADMIN_BASE. */
  admin: boolean;
  /**
   * Behind the hiring team's guard, in the team's layout: its pattern starts with TEAM_BASE
   * (docs/behaviour.md#the-hiring-teams-screens).
   */
  team?: boolean;
  indexing: Indexing;
  /**
   * Whether the server may keep its answer for replay (docs/architecture.md#answer-replay). Never
   * for a page of one record whose parameter the server cannot check (anyone can make up as many
   * addresses as they like); a prerendered page's parameter is checked by its own drawing.
   */
  replay: boolean;
  /** Drawn on the server with its data (docs/architecture.md#prerendered-pages). */
  prerendered: boolean;
  /**
   * The module under src/renderer that draws it and the name it exports; the app loads each as a
   * chunk of its own. Absent for a screen that needs more than an address (the console's
   * Settings): its face's routes draw it themselves.
   */
  screen?: { file: string; name: string };
}

type ParamName<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** What an address needs: nothing for a fixed address, else one string per `:name` of the pattern. */
export type ScreenParams<Pattern extends string> = [ParamName<Pattern>] extends [never]
  ? []
  : [params: Record<ParamName<Pattern>, string>];

export interface ScreenRoute<Pattern extends string = string> extends ScreenFlags {
  readonly pattern: Pattern;
  /** The address up to its first parameter (`/apply/`), or the whole address when it has none. */
  readonly base: string;
  /** This screen's address, each parameter encoded as one path segment. */
  path(...params: ScreenParams<Pattern>): string;
  /**
   * The parameters when `pathname` is this screen's address (one trailing `/` allowed), else
   * undefined. It walks the segments once: no pattern that could backtrack over a stranger's
   * 16 KB address (docs/security.md#input-handling).
   */
  match(pathname: string): Record<string, string> | undefined;
}

const segmentsOf = (pathname: string): string[] | undefined => {
  if (!pathname.startsWith('/')) return undefined;
  const inner = pathname.endsWith('/') && pathname.length > 1 ? pathname.slice(1, -1) : pathname.slice(1);
  return inner.split('/');
};

function screen<const Pattern extends string, const Flags extends ScreenFlags>(
  pattern: Pattern,
  flags: Flags,
): ScreenRoute<Pattern> & Flags {
  const parts = pattern.slice(1).split('/');
  const paramAt = pattern.indexOf('/:');
  return {
    ...flags,
    pattern,
    base: paramAt === -1 ? pattern : pattern.slice(0, paramAt + 1),
    path: (...[params]: ScreenParams<Pattern>) =>
      `/${parts
        .map((part) =>
          part.startsWith(':')
            ? encodeURIComponent((params as Record<string, string>)[part.slice(1)]!)
            : part,
        )
        .join('/')}`,
    match(pathname) {
      const segments = segmentsOf(pathname);
      if (segments?.length !== parts.length) return undefined;
      const params: Record<string, string> = {};
      for (const [index, part] of parts.entries()) {
        const segment = segments[index]!;
        if (part.startsWith(':')) {
          if (segment === '') return undefined;
          params[part.slice(1)] = segment;
        } else if (segment !== part) return undefined;
      }
      return params;
    },
  };
}

/** Everything under it is the admin area: one guard, one layout, one line of robots.txt. */
export const ADMIN_BASE = '/dashboard';

/** Everything under it is the hiring team's area: one guard, one layout. */
export const TEAM_BASE = '/team';

const web = ['web'] as const;
const both = ['web', 'desktop'] as const;
/** The admin screens: the same on the web and in the console, out of every search engine. */
const admin = { faces: both, admin: true, indexing: 'disallow', prerendered: false } as const;
/** The hiring team's screens: like the admin screens, on both faces and out of every search engine. */
const team = { faces: both, admin: false, team: true, indexing: 'disallow', prerendered: false } as const;
const publicPage = { faces: web, admin: false, indexing: 'index', replay: true, prerendered: false } as const;

export const screens = {
  home: screen('/', {
    ...publicPage,
    prerendered: true,
    // In the first download: app-routes.tsx imports it rather than loading it as a chunk.
    screen: { file: 'features/jobs/careers-home-page', name: 'CareersHomePage' },
  }),
  login: screen('/login', {
    faces: both,
    admin: false,
    indexing: 'disallow',
    replay: true,
    // Drawn by the server like About, so the form shows at the first paint rather than a spinner.
    prerendered: true,
    screen: { file: 'features/auth/login-page', name: 'LoginPage' },
  }),
  register: screen('/register', {
    faces: web,
    admin: false,
    indexing: 'disallow',
    replay: true,
    prerendered: false,
    screen: { file: 'features/auth/register-page', name: 'RegisterPage' },
  }),
  forgotPassword: screen('/forgot-password', {
    // In the console too; the e-mailed link opens the website's reset screen in the browser.
    faces: both,
    admin: false,
    indexing: 'disallow',
    replay: true,
    // Drawn by the server like the login, which links to it.
    prerendered: true,
    screen: { file: 'features/auth/forgot-password-page', name: 'ForgotPasswordPage' },
  }),
  resetPassword: screen('/reset-password/:token', {
    faces: web,
    admin: false,
    indexing: 'disallow',
    replay: false,
    prerendered: false,
    screen: { file: 'features/auth/reset-password-page', name: 'ResetPasswordPage' },
  }),
  /** The link of an invitation to the hiring team: the invited person's first password. */
  welcome: screen('/welcome/:token', {
    faces: web,
    admin: false,
    indexing: 'disallow',
    replay: false,
    prerendered: false,
    screen: { file: 'features/auth/welcome-page', name: 'WelcomePage' },
  }),
  success: screen('/success', {
    faces: web,
    admin: false,
    indexing: 'disallow',
    replay: true,
    prerendered: false,
    screen: { file: 'features/applications/success-page', name: 'SuccessPage' },
  }),
  /** The optional equality monitoring questions, offered once an application is sent. */
  equalityMonitoring: screen('/equality-monitoring', {
    faces: web,
    admin: false,
    indexing: 'disallow',
    replay: true,
    prerendered: false,
    screen: { file: 'features/equality-monitoring/monitoring-page', name: 'MonitoringPage' },
  }),
  apply: screen('/apply/:id', {
    ...publicPage,
    prerendered: true,
    screen: { file: 'app/pages/apply-page', name: 'ApplyPage' },
  }),
  about: screen('/about', {
    ...publicPage,
    prerendered: true,
    screen: { file: 'features/site/about-page', name: 'AboutPage' },
  }),
  contact: screen('/contact', {
    ...publicPage,
    prerendered: true,
    screen: { file: 'features/site/contact-page', name: 'ContactPage' },
  }),
  privacy: screen('/privacy', {
    ...publicPage,
    prerendered: true,
    screen: { file: 'app/pages/privacy-notice-page', name: 'PrivacyNoticePage' },
  }),
  /** Joining the talent pool from the careers site (docs/behaviour.md#the-talent-pool). */
  talentPoolJoin: screen('/talent-pool', {
    ...publicPage,
    screen: { file: 'features/talent-pool/talent-pool-join-page', name: 'TalentPoolJoinPage' },
  }),
  /** "Keep my details for future roles", by the private link a rejection e-mail carries. */
  keepMyDetails: screen('/keep-my-details/:token', {
    faces: web,
    admin: false,
    indexing: 'private',
    replay: false,
    prerendered: false,
    screen: { file: 'features/talent-pool/keep-my-details-page', name: 'KeepMyDetailsPage' },
  }),
  /** A pool member's own page, by their private link. */
  myTalentPool: screen('/my-talent-pool/:token', {
    faces: web,
    admin: false,
    indexing: 'private',
    replay: false,
    prerendered: false,
    screen: { file: 'features/talent-pool/my-talent-pool-page', name: 'MyTalentPoolPage' },
  }),
  myApplication: screen('/my-application/:token', {
    faces: web,
    admin: false,
    indexing: 'private',
    replay: false,
    prerendered: false,
    screen: { file: 'features/my-application/my-application-page', name: 'MyApplicationPage' },
  }),
  jobAlertConfirm: screen('/job-alerts/confirm/:token', {
    faces: web,
    admin: false,
    indexing: 'private',
    replay: false,
    prerendered: false,
    screen: { file: 'features/job-alerts/job-alert-confirm-page', name: 'JobAlertConfirmPage' },
  }),
  jobAlertManage: screen('/job-alerts/manage/:token', {
    faces: web,
    admin: false,
    indexing: 'private',
    replay: false,
    prerendered: false,
    screen: { file: 'features/job-alerts/job-alert-manage-page', name: 'JobAlertManagePage' },
  }),
  error: screen('/error', {
    faces: web,
    admin: false,
    indexing: 'noindex',
    replay: true,
    prerendered: false,
    screen: { file: 'features/site/error-page', name: 'ErrorPage' },
  }),
  dashboard: screen(ADMIN_BASE, {
    ...admin,
    replay: true,
    screen: { file: 'app/pages/dashboard-page', name: 'DashboardPage' },
  }),
  dashboardAll: screen(`${ADMIN_BASE}/all`, {
    ...admin,
    replay: true,
    screen: { file: 'app/pages/dashboard-page', name: 'DashboardPage' },
  }),
  createJob: screen(`${ADMIN_BASE}/create`, {
    ...admin,
    replay: true,
    screen: { file: 'features/jobs/job-form-page', name: 'CreateJobPage' },
  }),
  editJob: screen(`${ADMIN_BASE}/edit/:id`, {
    ...admin,
    replay: false,
    screen: { file: 'features/jobs/job-form-page', name: 'EditJobPage' },
  }),
  applications: screen(`${ADMIN_BASE}/applications`, {
    ...admin,
    replay: true,
    screen: { file: 'app/pages/applications-page', name: 'ApplicationsPage' },
  }),
  application: screen(`${ADMIN_BASE}/application/:id`, {
    ...admin,
    replay: false,
    screen: { file: 'app/pages/application-page', name: 'ApplicationPage' },
  }),
  departments: screen(`${ADMIN_BASE}/departments`, {
    ...admin,
    replay: true,
    screen: { file: 'features/jobs/departments-page', name: 'DepartmentsPage' },
  }),
  replyTemplates: screen(`${ADMIN_BASE}/templates`, {
    ...admin,
    replay: true,
    screen: { file: 'features/reply-templates/reply-templates-page', name: 'ReplyTemplatesPage' },
  }),
  /** Each stage's time limit and the rejection reasons administrators keep. */
  responseTimes: screen(`${ADMIN_BASE}/response-times`, {
    ...admin,
    replay: true,
    screen: { file: 'features/response-times/response-times-page', name: 'ResponseTimesPage' },
  }),
  account: screen(`${ADMIN_BASE}/account`, {
    ...admin,
    replay: true,
    screen: { file: 'features/auth/account-page', name: 'AccountPage' },
  }),
  /** The administrators' view of the hiring team: invitations, jobs, removals. */
  teamMembers: screen(`${ADMIN_BASE}/team`, {
    ...admin,
    replay: true,
    screen: { file: 'app/pages/team-members-page', name: 'TeamMembersPage' },
  }),
  /** Equality monitoring as aggregate funnels, each group under five suppressed. */
  equalityReport: screen(`${ADMIN_BASE}/equality`, {
    ...admin,
    replay: true,
    screen: { file: 'app/pages/equality-report-page', name: 'EqualityReportPage' },
  }),
  /** The hiring reports: the funnel, time to hire, sources and offers, each small group withheld. */
  reports: screen(`${ADMIN_BASE}/reports`, {
    ...admin,
    replay: true,
    screen: { file: 'features/reports/reports-page', name: 'ReportsPage' },
  }),
  /** The talent pool, for administrators alone. */
  talentPool: screen(`${ADMIN_BASE}/talent-pool`, {
    ...admin,
    replay: true,
    screen: { file: 'features/talent-pool/talent-pool-admin-page', name: 'TalentPoolAdminPage' },
  }),
  /** Tracking links: where applications come from (docs/behaviour.md#sources). */
  trackingLinks: screen(`${ADMIN_BASE}/tracking-links`, {
    ...admin,
    replay: true,
    screen: { file: 'features/sources/tracking-links-page', name: 'TrackingLinksPage' },
  }),
  /** Adjustment requests, for the adjustments contact alone. */
  adjustments: screen(`${ADMIN_BASE}/adjustments`, {
    ...admin,
    replay: true,
    screen: { file: 'features/adjustments/adjustments-page', name: 'AdjustmentsPage' },
  }),
  /** A team member's home: a hiring manager's jobs, an interviewer's interviews. */
  teamHome: screen(TEAM_BASE, {
    ...team,
    replay: true,
    screen: { file: 'features/team/team-home-page', name: 'TeamHomePage' },
  }),
  teamJob: screen(`${TEAM_BASE}/jobs/:id`, {
    ...team,
    replay: false,
    screen: { file: 'features/team/team-job-page', name: 'TeamJobPage' },
  }),
  teamApplication: screen(`${TEAM_BASE}/application/:id`, {
    ...team,
    replay: false,
    screen: { file: 'app/pages/team-application-page', name: 'TeamApplicationPage' },
  }),
  /** The same account screen as the administrators': password, second factor, recent activity. */
  teamAccount: screen(`${TEAM_BASE}/account`, {
    ...team,
    replay: true,
    screen: { file: 'features/auth/account-page', name: 'AccountPage' },
  }),
  settings: screen('/settings', {
    faces: ['desktop'],
    admin: false,
    indexing: 'noindex',
    replay: false,
    prerendered: false,
  }),
};

export type ScreenName = keyof typeof screens;

/** The rows in the order written above (the order robots.txt and the sitemap list them in). */
export const screenRoutes: readonly ScreenRoute[] = Object.values(screens);

/** The screens of one face. */
export const screensOf = (face: Face): ScreenRoute[] =>
  screenRoutes.filter((route) => route.faces.includes(face));

/** Whether `pathname` is the address of one of `routes` (a drawer entry's screens, say). */
export const isAtScreen = (pathname: string, routes: readonly ScreenRoute[]): boolean =>
  routes.some((route) => route.match(pathname) !== undefined);

/** The screen of `face` at `pathname`, with its parameters; undefined for an address it does not know. */
export function findScreen(
  pathname: string,
  face: Face,
): { name: ScreenName; route: ScreenRoute; params: Record<string, string> } | undefined {
  for (const [name, route] of Object.entries(screens) as [ScreenName, ScreenRoute][]) {
    if (!route.faces.includes(face)) continue;
    const params = route.match(pathname);
    if (params) return { name, route, params };
  }
  return undefined;
}
