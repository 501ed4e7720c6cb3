/**
 * Every call of the API, once: its address pattern under `/api` as the server registers it
 * (`app.get(apiPaths.job.pattern, …)`), and how the renderer builds an address for it
 * (`apiPaths.job.path({ id })`, each parameter encoded as one path segment; a query string is the
 * caller's to add). A call that moves changes here and nowhere else, and
 * tests/server/http/api-routes.test.ts holds the server's registered routes and this table to
 * each other (docs/architecture.md#the-api-path-table). One row per address: the methods on it
 * are the route modules' own.
 *
 * Like the screen table (site/screen-routes.ts), this file imports nothing.
 */

type ParamName<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** What an address needs: nothing for a fixed address, else one string per `:name` of the pattern. */
export type ApiParams<Pattern extends string> = [ParamName<Pattern>] extends [never]
  ? []
  : [params: Record<ParamName<Pattern>, string>];

export interface ApiRoute<Pattern extends string = string> {
  /** The address as Fastify registers it, under the `/api` prefix. */
  readonly pattern: Pattern;
  /** This call's address under `/api`, each parameter encoded as one path segment. */
  path(...params: ApiParams<Pattern>): string;
}

function call<const Pattern extends string>(pattern: Pattern): ApiRoute<Pattern> {
  const parts = pattern.slice(1).split('/');
  return {
    pattern,
    path: (...[params]: ApiParams<Pattern>) =>
      `/${parts
        .map((part) =>
          part.startsWith(':')
            ? encodeURIComponent((params as Record<string, string>)[part.slice(1)]!)
            : part,
        )
        .join('/')}`,
  };
}

export const apiPaths = {
  // Operations.
  health: call('/health'),
  ready: call('/ready'),
  docs: call('/docs'),

  // Signing in and one's own account.
  login: call('/login'),
  register: call('/register'),
  adminByEmail: call('/admin/:email'),
  forgotPassword: call('/auth/forgot-password'),
  resetPassword: call('/auth/reset-password'),
  account: call('/auth/account'),
  changePassword: call('/auth/change-password'),
  signOutEverywhere: call('/auth/sign-out-everywhere'),
  twoFactor: call('/auth/two-factor'),
  twoFactorSetup: call('/auth/two-factor/setup'),
  twoFactorEnable: call('/auth/two-factor/enable'),
  twoFactorVerify: call('/auth/two-factor/verify'),

  // Jobs and departments.
  jobs: call('/all'),
  job: call('/single/:id'),
  newJob: call('/post'),
  post: call('/post/:id'),
  jobViewers: call('/post/:id/viewers'),
  departments: call('/departments'),
  department: call('/departments/:id'),

  // Applications, as the applicant sends them and as administrators handle them.
  applications: call('/applications'),
  applicationCounts: call('/applications/counts'),
  stages: call('/applications/stage'),
  application: call('/applications/:id'),
  applicationPdf: call('/applications/:id/pdf'),
  applicationCv: call('/applications/:id/cv'),
  applicationNotes: call('/applications/:id/notes'),
  applicationStage: call('/applications/:id/stage'),
  applicationReply: call('/applications/:id/reply/:kind'),
  replyTemplates: call('/reply-templates'),
  replyTemplate: call('/reply-templates/:kind'),
  sendEmail: call('/email/sendEmail'),

  // Privacy: the audit trail, holds, subject requests.
  applicationAudit: call('/applications/:id/audit'),
  applicationHold: call('/applications/:id/hold'),
  applicant: call('/applicants/:email'),
  applicantExport: call('/applicants/:email/export'),

  // Right to work and adjustments.
  rightToWork: call('/applications/:id/right-to-work'),
  rightToWorkEvidence: call('/applications/:id/right-to-work/evidence'),
  adjustments: call('/adjustments'),
  jobAlerts: call('/job-alerts'),
  jobAlertConfirm: call('/job-alerts/confirm/:token'),
  jobAlert: call('/job-alerts/:token'),
  jobAlertUnsubscribe: call('/job-alerts/unsubscribe/:token'),
  applicationAdjustments: call('/applications/:id/adjustments'),
  agreedAdjustments: call('/applications/:id/adjustments/agreed'),

  // Interviews, from the administrators' side.
  interview: call('/applications/:id/interview'),
  interviewSlots: call('/applications/:id/interview-slots'),
  interviewBooking: call('/applications/:id/interview/booking'),
  scorecards: call('/applications/:id/scorecards'),
  interviewers: call('/applications/:id/interviewers'),
  interviewer: call('/applications/:id/interviewers/:userId'),

  // The applicant's private link.
  myApplication: call('/my-application/:token'),
  withdrawMyApplication: call('/my-application/:token/withdraw'),
  eraseMyApplication: call('/my-application/:token/erase'),
  myInterview: call('/my-application/:token/interview'),
  lostLink: call('/my-application/lost-link'),
  myApplicationResponse: call('/my-application/:token/response'),

  // Response times and rejection reasons.
  stageTimeLimits: call('/response-times/limits'),
  overdueApplications: call('/response-times/overdue'),
  rejectionReasons: call('/rejection-reasons'),
  rejectionReason: call('/rejection-reasons/:id'),
  teamRejectionReasons: call('/team/rejection-reasons'),

  // The talent pool (docs/behaviour.md#the-talent-pool).
  talentPool: call('/talent-pool'),
  talentPoolDepartments: call('/talent-pool/departments'),
  talentPoolOffer: call('/my-application/:token/talent-pool'),
  keepMyDetails: call('/keep-my-details/:token'),
  myTalentPool: call('/my-talent-pool/:token'),
  confirmMyTalentPool: call('/my-talent-pool/:token/confirm'),
  renewMyTalentPool: call('/my-talent-pool/:token/renew'),
  talentPoolMembers: call('/talent-pool/members'),
  talentPoolMemberTags: call('/talent-pool/members/:id/tags'),
  talentPoolMemberInvite: call('/talent-pool/members/:id/invite'),
  talentPoolMemberCv: call('/talent-pool/members/:id/cv'),

  // The hiring reports (docs/behaviour.md#reports).
  reports: call('/reports'),
  reportChoices: call('/reports/choices'),
  reportsCsv: call('/reports/csv'),
  // Where applications come from (docs/behaviour.md#sources).
  trackingLinks: call('/tracking-links'),
  trackingLink: call('/tracking-links/:id'),
  trackingLinkArchive: call('/tracking-links/:id/archive'),
  trackingLinkQrSvg: call('/tracking-links/:id/qr.svg'),
  trackingLinkQrPng: call('/tracking-links/:id/qr.png'),

  // Equality monitoring.
  equalityMonitoring: call('/equality-monitoring'),
  equalityFunnel: call('/equality-monitoring/funnel'),

  // The hiring team, as administrators manage it.
  teamMembers: call('/team-members'),
  teamMember: call('/team-members/:id'),
  teamMemberJob: call('/team-members/:id/jobs/:jobId'),

  // The hiring team's own calls.
  teamJobs: call('/team/jobs'),
  teamJobApplications: call('/team/jobs/:id/applications'),
  teamInterviewers: call('/team/interviewers'),
  teamInterviews: call('/team/interviews'),
  teamApplication: call('/team/applications/:id'),
  teamApplicationPdf: call('/team/applications/:id/pdf'),
  teamApplicationNotes: call('/team/applications/:id/notes'),
  teamApplicationStage: call('/team/applications/:id/stage'),
  teamInterviewer: call('/team/applications/:id/interviewers/:userId'),
  teamInterview: call('/team/applications/:id/interview'),
  teamInterviewSlots: call('/team/applications/:id/interview-slots'),
  teamInterviewBooking: call('/team/applications/:id/interview/booking'),
  teamScorecard: call('/team/applications/:id/scorecard'),
  teamScorecards: call('/team/applications/:id/scorecards'),
};

export type ApiName = keyof typeof apiPaths;

/** The rows in the order written above. */
export const apiRoutes: readonly ApiRoute[] = Object.values(apiPaths);
