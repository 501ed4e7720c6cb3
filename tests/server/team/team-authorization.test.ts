import { randomUUID } from 'node:crypto';
import { departmentMessages } from '../../../src/shared/jobs/department-contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import {
  DEFAULT_STAGE_LIMITS,
  MISSING_REJECTION_REASON,
} from '../../../src/shared/response-times/response-times-contract';
import { trackingLinkMessages } from '../../../src/shared/sources/source-contract';
import { poolMessages } from '../../../src/shared/talent-pool/talent-pool-contract';
import { interviewMessages } from '../../../src/shared/interviews/interview-contract';
import {
  applicationInterviewers,
  applicationNotes,
  applications,
  emailOutbox,
  interviewOffers,
  interviewSlots,
  jobHiringManagers,
  jobs,
  replyTemplates,
  scorecards,
  users,
} from '../../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../../support/build-app';
import {
  APPLICANTS,
  NOTE_ON_A1,
  applyTo,
  createJob,
  invite,
  setUpHiringTeam,
  type HiringTeam,
  type Person,
} from '../../support/hiring-team';
import { ADMIN, sampleJob } from '../../support/test-server';

/**
 * The authorization matrix (docs/security.md#what-each-role-can-do): every call that takes the
 * bearer token, admin and team calls alike, tried by each kind of caller. "This" job is job A and
 * "this" application is a1 (Priya's, in job A); the other hiring manager has job B, the other
 * interviewer has a2 (job A too: same job, another application). A refusal answers its status and
 * message, leaks nothing of a1 and changes nothing stored; an allowed call gets past the guard
 * and the assignment check to the handler. The table must name every call the OpenAPI document
 * marks as taking the token, so a new call cannot be left out.
 */

const callers = [
  'admin',
  'manager of this job',
  'manager of another job',
  'interviewer of this application',
  'interviewer of another application',
  'plain registered user',
  'no token',
] as const;
type Caller = (typeof callers)[number];

/** 'ok': any 2xx; otherwise the exact status (and message, when the guard or check answers). */
type Outcome = 'ok' | { status: number; message?: string };

interface Call {
  /** As the OpenAPI document names it: `GET /applications/{id}`. */
  route: string;
  /** The address for this caller: destructive calls an administrator may make get a throwaway target. */
  path: (team: HiringTeam, caller: Caller) => string | Promise<string>;
  body?: (team: HiringTeam, caller: Caller) => unknown;
  outcomes: Record<Caller, Outcome>;
}

const refused = (status: number, message: string): Outcome => ({ status, message });
const noToken = refused(401, messages.authRequired);
const adminOnly = refused(403, messages.adminRequired);
const teamOnly = refused(403, messages.teamRequired);
const managerOnly = refused(403, messages.hiringManagerRequired);
const applicationMissing = refused(404, messages.applicationMissing);
const jobMissing = refused(404, messages.jobNotFound);

/** An admin call: administrators only. */
const adminCall = (
  route: string,
  path: Call['path'],
  body?: Call['body'],
  forAdmin: Outcome = 'ok',
): Call => ({
  route,
  path,
  body,
  outcomes: {
    admin: forAdmin,
    'manager of this job': adminOnly,
    'manager of another job': adminOnly,
    'interviewer of this application': adminOnly,
    'interviewer of another application': adminOnly,
    'plain registered user': adminOnly,
    'no token': noToken,
  },
});

/** One's own account: anyone who may sign in. */
const accountCall = (
  route: string,
  path: Call['path'],
  body?: Call['body'],
  allowed: Outcome = 'ok',
): Call => ({
  route,
  path,
  body,
  outcomes: {
    admin: allowed,
    'manager of this job': allowed,
    'manager of another job': allowed,
    'interviewer of this application': allowed,
    'interviewer of another application': allowed,
    'plain registered user': refused(403, messages.staffRequired),
    'no token': noToken,
  },
});

/**
 * A team call on a1 (or job A): its manager may, its interviewer unless `forInterviewer` says
 * otherwise; the others find nothing (`missing`) unless the call answers each their own view.
 */
const teamCall = (
  route: string,
  path: Call['path'],
  options: {
    body?: Call['body'];
    forInterviewer?: Outcome;
    missing?: Outcome;
    forOtherManager?: Outcome;
    forOtherInterviewer?: Outcome;
  } = {},
): Call => {
  const missing = options.missing ?? applicationMissing;
  return {
    route,
    path,
    body: options.body,
    outcomes: {
      admin: teamOnly,
      'manager of this job': 'ok',
      'manager of another job': options.forOtherManager ?? missing,
      'interviewer of this application': options.forInterviewer ?? 'ok',
      'interviewer of another application': options.forOtherInterviewer ?? missing,
      'plain registered user': teamOnly,
      'no token': noToken,
    },
  };
};

const noBooking = refused(404, interviewMessages.staffNoBooking);

/** A hiring manager's change to a1's booking, which a1 does not have: past every check to say so. */
const managerCall = (route: string, path: Call['path'], body?: Call['body']): Call => ({
  route,
  path,
  body,
  outcomes: {
    ...teamCall(route, path, { forInterviewer: managerOnly }).outcomes,
    'manager of this job': noBooking,
  },
});

const isAdmin = (caller: Caller) => caller === 'admin';
/** The administrator's token as their account stands now: the matrix signs them out everywhere too. */
const adminToken = () => tokenOf('admin') as Promise<string>;
let throwaways = 0;
const throwawayApplication = async (team: HiringTeam) =>
  applyTo(team.server, team.jobA, {
    name: 'Throwaway Applicant',
    email: `throwaway.${++throwaways}@example.com`,
    about: 'Throwaway cover letter.',
  });

const calls: Call[] = [
  // The signed-in check every screen makes (its own rules: own e-mail, or any for an administrator).
  adminCall('GET /admin/{email}', () => `/admin/${encodeURIComponent(ADMIN.email)}`),

  // One's own account.
  accountCall('GET /auth/account', () => '/auth/account'),
  accountCall(
    'POST /auth/change-password',
    () => '/auth/change-password',
    () => ({ currentPassword: 'not-the-password', newPassword: 'lantern-orchard-velvet-42' }),
    refused(400, messages.currentPasswordWrong),
  ),
  accountCall('POST /auth/sign-out-everywhere', () => '/auth/sign-out-everywhere'),
  accountCall(
    'DELETE /auth/two-factor',
    () => '/auth/two-factor',
    () => ({ password: 'not-the-password' }),
    refused(400, messages.currentPasswordWrong),
  ),

  // Jobs.
  adminCall(
    'POST /post',
    () => '/post',
    () => sampleJob({ jobTitle: 'Matrix Job' }),
    'ok',
  ),
  adminCall(
    'PUT /post/{id}',
    (team) => `/post/${team.jobA}`,
    () => sampleJob({ jobTitle: 'Claims Handler' }),
  ),
  adminCall(
    'DELETE /post/{id}',
    async (team, caller) =>
      `/post/${isAdmin(caller) ? await createJob(team.server, await adminToken(), 'Throwaway Job') : team.jobA}`,
  ),
  adminCall('GET /post/{id}/viewers', (team) => `/post/${team.jobA}/viewers`),

  // Applications.
  adminCall('GET /applications', () => '/applications'),
  adminCall('GET /applications/counts', () => '/applications/counts'),
  adminCall('GET /applications/{id}', (team) => `/applications/${team.a1}`),
  adminCall(
    'DELETE /applications/{id}',
    async (team, caller) => `/applications/${isAdmin(caller) ? await throwawayApplication(team) : team.a1}`,
  ),
  adminCall('GET /applications/{id}/pdf', (team) => `/applications/${team.a1}/pdf?purpose=preview`),
  adminCall('GET /applications/{id}/cv', (team) => `/applications/${team.a1}/cv`),
  adminCall('GET /applications/{id}/notes', (team) => `/applications/${team.a1}/notes`),
  adminCall(
    'POST /applications/{id}/notes',
    (team) => `/applications/${team.a1}/notes`,
    () => ({ body: 'A note from the matrix.' }),
    'ok',
  ),
  adminCall(
    'PUT /applications/{id}/stage',
    (team) => `/applications/${team.a1}/stage`,
    () => ({ stage: 'reviewed', notify: true }),
  ),
  adminCall(
    'POST /applications/stage',
    () => '/applications/stage',
    (team) => ({ ids: [team.a1], stage: 'reviewed' }),
  ),
  adminCall('GET /applications/{id}/reply/{kind}', (team) => `/applications/${team.a1}/reply/rejection`),
  adminCall('GET /applications/{id}/audit', (team) => `/applications/${team.a1}/audit`),
  adminCall(
    'PUT /applications/{id}/hold',
    (team) => `/applications/${team.a1}/hold`,
    () => ({ hold: false }),
  ),

  // Reply templates.
  adminCall('GET /reply-templates', () => '/reply-templates'),
  adminCall(
    'PUT /reply-templates/{kind}',
    () => '/reply-templates/interview',
    () => ({ subject: 'Interview: {jobTitle}', body: 'Dear {fullName}, please come in.' }),
  ),
  adminCall('DELETE /reply-templates/{kind}', () => '/reply-templates/interview'),

  // The departments list administrators keep (a department no one has made is not found).
  adminCall('GET /departments', () => '/departments'),
  adminCall(
    'POST /departments',
    () => '/departments',
    () => ({ name: `Claims ${randomUUID()}` }),
  ),
  adminCall(
    'PUT /departments/{id}',
    () => `/departments/${randomUUID()}`,
    () => ({ name: 'Renamed' }),
    refused(404, departmentMessages.notFound),
  ),
  adminCall(
    'DELETE /departments/{id}',
    () => `/departments/${randomUUID()}`,
    undefined,
    refused(404, departmentMessages.notFound),
  ),

  // Data-protection requests.
  adminCall(
    'GET /applicants/{email}/export',
    () => `/applicants/${encodeURIComponent(APPLICANTS.a1.email)}/export`,
  ),
  adminCall('DELETE /applicants/{email}', async (team, caller) => {
    if (!isAdmin(caller)) return `/applicants/${encodeURIComponent(APPLICANTS.a1.email)}`;
    const email = `erase.me.${++throwaways}@example.com`;
    await applyTo(team.server, team.jobB, { name: 'Erase Me', email, about: 'Erase me.' });
    return `/applicants/${encodeURIComponent(email)}`;
  }),

  // Managing the team.
  adminCall('GET /team-members', () => '/team-members'),
  adminCall(
    'POST /team-members',
    () => '/team-members',
    () => ({
      name: 'Matrix Invitee',
      email: `matrix.invitee.${++throwaways}@example.com`,
      role: 'interviewer',
    }),
    'ok',
  ),
  adminCall(
    'DELETE /team-members/{id}',
    async (team, caller) =>
      `/team-members/${isAdmin(caller) ? (await invite(team.server, await adminToken(), 'interviewer', 'gone')).id : team.hmA.id}`,
  ),
  adminCall(
    'PUT /team-members/{id}/jobs/{jobId}',
    (team, caller) => `/team-members/${isAdmin(caller) ? team.spareHm.id : team.hmA.id}/jobs/${team.jobA}`,
    (_team, caller) => ({ mayDecide: !isAdmin(caller) }),
  ),
  adminCall(
    'DELETE /team-members/{id}/jobs/{jobId}',
    (team, caller) => `/team-members/${isAdmin(caller) ? team.spareHm.id : team.hmA.id}/jobs/${team.jobA}`,
  ),
  adminCall('GET /applications/{id}/interviewers', (team) => `/applications/${team.a1}/interviewers`),
  adminCall(
    'PUT /applications/{id}/interviewers/{userId}',
    (team) => `/applications/${team.a1}/interviewers/${team.spareIv.id}`,
  ),
  adminCall(
    'DELETE /applications/{id}/interviewers/{userId}',
    (team, caller) =>
      `/applications/${team.a1}/interviewers/${isAdmin(caller) ? team.spareIv.id : team.ivA1.id}`,
  ),

  // The hiring team's own calls.
  teamCall('GET /team/jobs', () => '/team/jobs', { forOtherManager: 'ok', forOtherInterviewer: 'ok' }),
  // Whom a hiring manager may ask to interview: any manager of an open job, never an interviewer.
  teamCall('GET /team/interviewers', () => '/team/interviewers', {
    forOtherManager: 'ok',
    forInterviewer: managerOnly,
    forOtherInterviewer: managerOnly,
  }),
  teamCall('GET /team/jobs/{id}/applications', (team) => `/team/jobs/${team.jobA}/applications`, {
    missing: jobMissing,
    // The other interviewer of job A gets their own list of it: a2 alone, never a1.
    forOtherInterviewer: 'ok',
  }),
  {
    route: 'GET /team/interviews',
    path: () => '/team/interviews',
    outcomes: {
      ...teamCall('', () => '').outcomes,
      // A hiring manager's own interviews (none here); each interviewer their own list: the
      // other's never holds a1.
      'manager of this job': 'ok',
      'manager of another job': 'ok',
      'interviewer of another application': 'ok',
    },
  },
  teamCall('GET /team/applications/{id}', (team) => `/team/applications/${team.a1}`),
  teamCall('GET /team/applications/{id}/pdf', (team) => `/team/applications/${team.a1}/pdf?purpose=download`),
  teamCall('GET /team/applications/{id}/notes', (team) => `/team/applications/${team.a1}/notes`, {
    forInterviewer: managerOnly,
  }),
  teamCall('POST /team/applications/{id}/notes', (team) => `/team/applications/${team.a1}/notes`, {
    body: () => ({ body: 'A note from the matrix.' }),
    forInterviewer: managerOnly,
  }),
  teamCall('PUT /team/applications/{id}/stage', (team) => `/team/applications/${team.a1}/stage`, {
    body: () => ({ stage: 'shortlisted' }),
    forInterviewer: managerOnly,
  }),
  teamCall(
    'PUT /team/applications/{id}/interviewers/{userId}',
    (team) => `/team/applications/${team.a1}/interviewers/${team.spareIv.id}`,
    { forInterviewer: managerOnly },
  ),
  teamCall(
    'DELETE /team/applications/{id}/interviewers/{userId}',
    (team, caller) =>
      `/team/applications/${team.a1}/interviewers/${caller === 'manager of this job' ? team.spareIv.id : team.ivA1.id}`,
    { forInterviewer: managerOnly },
  ),

  // Interviews and scorecards.
  adminCall(
    'POST /applications/{id}/interview-slots',
    async (team, caller) =>
      `/applications/${isAdmin(caller) ? await throwawayApplication(team) : team.a1}/interview-slots`,
    (team) => interviewOffer(team),
  ),
  adminCall('GET /applications/{id}/interview', (team) => `/applications/${team.a1}/interview`),
  adminCall('GET /applications/{id}/scorecards', (team) => `/applications/${team.a1}/scorecards`),
  // A1 has no interview booked: the calls get past every check to say so, and change nothing.
  adminCall(
    'PUT /applications/{id}/interview/booking',
    (team) => `/applications/${team.a1}/interview/booking`,
    (team) => ({ slot: interviewOffer(team).slots[0] }),
    noBooking,
  ),
  adminCall(
    'DELETE /applications/{id}/interview/booking',
    (team) => `/applications/${team.a1}/interview/booking`,
    undefined,
    noBooking,
  ),
  managerCall(
    'PUT /team/applications/{id}/interview/booking',
    (team) => `/team/applications/${team.a1}/interview/booking`,
    (team) => ({ slot: interviewOffer(team).slots[0] }),
  ),
  managerCall(
    'DELETE /team/applications/{id}/interview/booking',
    (team) => `/team/applications/${team.a1}/interview/booking`,
  ),
  teamCall(
    'POST /team/applications/{id}/interview-slots',
    async (team, caller) =>
      `/team/applications/${caller === 'manager of this job' ? await throwawayApplication(team) : team.a1}/interview-slots`,
    { body: (team) => interviewOffer(team), forInterviewer: managerOnly },
  ),
  teamCall('GET /team/applications/{id}/interview', (team) => `/team/applications/${team.a1}/interview`, {
    forInterviewer: managerOnly,
  }),
  teamCall('GET /team/applications/{id}/scorecards', (team) => `/team/applications/${team.a1}/scorecards`),
  {
    route: 'PUT /team/applications/{id}/scorecard',
    path: (team) => `/team/applications/${team.a1}/scorecard`,
    body: () => ({
      ratings: sampleJob().requirements.map((criterion) => ({ criterion, rating: 3, note: '' })),
      recommendation: 'yes',
    }),
    outcomes: {
      ...teamCall('', () => '').outcomes,
      'manager of this job': refused(403, interviewMessages.scorecardNotYours),
      // Past the guard and the assignment check to the scorecard's own rule: it opens when the
      // interview starts, and a1 has none booked.
      'interviewer of this application': refused(409, messages.scorecardNoInterview),
    },
  },

  // Right-to-work checks and their evidence: administrators alone (docs/security.md#right-to-work-evidence).
  adminCall('GET /applications/{id}/right-to-work', (team) => `/applications/${team.a1}/right-to-work`),
  adminCall(
    'PUT /applications/{id}/right-to-work',
    async (team, caller) =>
      `/applications/${isAdmin(caller) ? await throwawayApplication(team) : team.a1}/right-to-work`,
    () => ({ method: 'manual-document', checkedOn: '2026-01-05' }),
    // A new application is not at Offer yet.
    refused(409, messages.rightToWorkWrongStage),
  ),
  adminCall(
    'GET /applications/{id}/right-to-work/evidence',
    (team) => `/applications/${team.a1}/right-to-work/evidence`,
    undefined,
    refused(404, messages.rightToWorkEvidenceMissing),
  ),
  adminCall(
    'PUT /applications/{id}/right-to-work/evidence',
    (team) => `/applications/${team.a1}/right-to-work/evidence`,
    () => ({ evidence: 'not a file' }),
    refused(415, messages.rightToWorkEvidenceType),
  ),
  // Adjustments (the adjustments contact alone, and no contact is configured here) and the
  // equality monitoring funnel.
  adminCall(
    'GET /adjustments',
    () => '/adjustments',
    undefined,
    refused(403, messages.adjustmentsContactOnly),
  ),
  adminCall(
    'GET /applications/{id}/adjustments',
    (team) => `/applications/${team.a1}/adjustments`,
    undefined,
    refused(403, messages.adjustmentsContactOnly),
  ),
  adminCall(
    'PUT /applications/{id}/adjustments/agreed',
    (team) => `/applications/${team.a1}/adjustments/agreed`,
    () => ({ agreed: 'A ground-floor room.' }),
    refused(403, messages.adjustmentsContactOnly),
  ),
  adminCall('GET /equality-monitoring/funnel', (team) => `/equality-monitoring/funnel?jobId=${team.jobA}`),

  // Response times and rejection reasons: the administrators' settings; the team reads the reasons.
  adminCall('GET /response-times/limits', () => '/response-times/limits'),
  adminCall(
    'PUT /response-times/limits',
    () => '/response-times/limits',
    () => DEFAULT_STAGE_LIMITS,
  ),
  adminCall('GET /response-times/overdue', () => '/response-times/overdue'),
  adminCall('GET /rejection-reasons', () => '/rejection-reasons'),
  adminCall(
    'POST /rejection-reasons',
    () => '/rejection-reasons',
    () => ({ label: 'Matrix reason' }),
  ),
  adminCall(
    'PATCH /rejection-reasons/{id}',
    () => `/rejection-reasons/${randomUUID()}`,
    () => ({ retired: true }),
    refused(404, MISSING_REJECTION_REASON),
  ),
  teamCall('GET /team/rejection-reasons', () => '/team/rejection-reasons', {
    forOtherManager: 'ok',
    forOtherInterviewer: 'ok',
  }),

  // The hiring reports: administrators alone.
  adminCall('GET /reports', () => '/reports'),
  adminCall('GET /reports/choices', () => '/reports/choices'),
  adminCall('GET /reports/csv', () => '/reports/csv?report=funnel'),

  // The talent pool: administrators alone.
  adminCall('GET /talent-pool/members', () => '/talent-pool/members'),
  adminCall(
    'GET /talent-pool/members/{id}/cv',
    () => `/talent-pool/members/${randomUUID()}/cv`,
    undefined,
    refused(404, poolMessages.memberMissing),
  ),
  adminCall(
    'PUT /talent-pool/members/{id}/tags',
    () => `/talent-pool/members/${randomUUID()}/tags`,
    () => ({ tags: ['matrix'] }),
    refused(404, poolMessages.memberMissing),
  ),
  adminCall(
    'POST /talent-pool/members/{id}/invite',
    () => `/talent-pool/members/${randomUUID()}/invite`,
    (team) => ({ jobId: team.jobA }),
    refused(404, poolMessages.memberMissing),
  ),

  // Tracking links: administrators alone (a referral link names an employee).
  adminCall('GET /tracking-links', () => '/tracking-links'),
  adminCall(
    'POST /tracking-links',
    () => '/tracking-links',
    () => ({ kind: 'referral', name: 'Matrix Employee' }),
  ),
  adminCall(
    'PATCH /tracking-links/{id}',
    () => `/tracking-links/${randomUUID()}`,
    () => ({ name: 'Matrix Employee' }),
    refused(404, trackingLinkMessages.linkMissing),
  ),
  adminCall(
    'POST /tracking-links/{id}/archive',
    () => `/tracking-links/${randomUUID()}/archive`,
    undefined,
    refused(404, trackingLinkMessages.linkMissing),
  ),
  adminCall(
    'GET /tracking-links/{id}/qr.svg',
    () => `/tracking-links/${randomUUID()}/qr.svg`,
    undefined,
    refused(404, trackingLinkMessages.linkMissing),
  ),
  adminCall(
    'GET /tracking-links/{id}/qr.png',
    () => `/tracking-links/${randomUUID()}/qr.png`,
    undefined,
    refused(404, trackingLinkMessages.linkMissing),
  ),
];

/** A new time for job A's applications, with a spare interviewer. */
const interviewOffer = (team: HiringTeam) => ({
  slots: [
    {
      date: `${new Date().getUTCFullYear() + 1}-06-10`,
      time: '10:00',
      durationMinutes: 30,
      place: 'Video call',
      interviewerIds: [team.spareIv.id],
    },
  ],
});

/** Who may see a1's data at all: anyone else's answer must not hold a trace of it. */
const seesA1 = new Set<Caller>(['admin', 'manager of this job', 'interviewer of this application']);
const A1_SECRETS = [
  APPLICANTS.a1.name,
  APPLICANTS.a1.email,
  APPLICANTS.a1.about,
  NOTE_ON_A1,
  '%PDF',
  'JVBERi0',
];

let server: TestApp;
let team: HiringTeam;
beforeAll(async () => {
  server = await buildTestApp();
  team = await setUpHiringTeam(server);
});
afterAll(async () => {
  await server?.stop();
});

const personOf = (caller: Caller): Person | 'admin' | undefined =>
  ({
    admin: 'admin' as const,
    'manager of this job': team.hmA,
    'manager of another job': team.hmB,
    'interviewer of this application': team.ivA1,
    'interviewer of another application': team.ivA2,
    'plain registered user': team.plain,
    'no token': undefined,
  })[caller];

/** A fresh token for the caller, as their account stands now (a sign-out everywhere ends older ones). */
async function tokenOf(caller: Caller): Promise<string | undefined> {
  const person = personOf(caller);
  if (person === undefined) return undefined;
  if (person === 'admin') {
    return server.context.tokens.issue((await server.context.users.findByEmail(ADMIN.email))!);
  }
  return team.token(person);
}

/** Everything a refused call might have changed, read straight from the database. */
async function stored(): Promise<string> {
  const { db } = server.context.database;
  const tables = [
    db
      .select({ id: applications.id, stage: applications.stage, hold: applications.retentionHold })
      .from(applications),
    db.select({ id: applicationNotes.id }).from(applicationNotes),
    db.select({ id: jobs.id, title: jobs.jobTitle, updatedAt: jobs.updatedAt }).from(jobs),
    db
      .select({
        id: users.id,
        role: users.teamRole,
        admin: users.isAdmin,
        generation: users.tokenGeneration,
        hash: users.passwordHash,
      })
      .from(users),
    db.select().from(jobHiringManagers),
    db.select().from(applicationInterviewers),
    db.select().from(replyTemplates),
    db.select({ id: emailOutbox.id }).from(emailOutbox),
    db.select({ id: interviewSlots.id }).from(interviewSlots),
    db.select().from(interviewOffers),
    db.select({ id: scorecards.id }).from(scorecards),
  ];
  // Everything in one round trip: each table's rows as JSON, in an order of their own.
  const [row] = (
    (await db.execute(
      sql`select json_build_array(${sql.join(
        tables.map((table) => sql`(select coalesce(json_agg(t order by t::text), '[]') from (${table}) t)`),
        sql`, `,
      )}) as everything`,
    )) as unknown as { rows: Array<{ everything: unknown }> }
  ).rows;
  return JSON.stringify(row!.everything);
}

describe('the matrix', () => {
  it('names every call the OpenAPI document marks as taking the bearer token, once', async () => {
    const docs = (await server.api('GET', '/docs')).body;
    const secured = Object.entries(docs.paths as Record<string, Record<string, { security?: unknown }>>)
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => JSON.stringify(operation.security) === JSON.stringify([{ bearer: [] }]))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const named = calls.map((call) => call.route).sort();
    expect(new Set(named).size).toBe(named.length);
    expect(named).toEqual(secured);
  });
});

describe.each(callers)('as the %s', (caller) => {
  it.each(calls.map((call) => [call.route, call] as const))('%s', async (_route, call) => {
    const expected = call.outcomes[caller];
    const token = await tokenOf(caller);
    const path = await call.path(team, caller);
    const body = call.body?.(team, caller);
    const before = expected === 'ok' ? undefined : await stored();
    const answer = await server.request(call.route.split(' ')[0]!, `/api${path}`, {
      token,
      ...(body === undefined ? {} : { body }),
    });
    const text = answer.bytes.toString('utf8');
    const what = `${caller}: ${call.route} answered ${answer.status} ${text.slice(0, 200)}`;

    if (expected === 'ok') {
      expect(answer.status, what).toBeGreaterThanOrEqual(200);
      expect(answer.status, what).toBeLessThan(300);
    } else {
      expect(answer.status, what).toBe(expected.status);
      if (expected.message) expect(JSON.parse(text), what).toEqual({ message: expected.message });
      if (expected.status === 401) expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await stored(), `${what}: something changed`).toBe(before);
    }
    if (!seesA1.has(caller)) {
      for (const secret of A1_SECRETS) expect(text, `${what}: leaks ${secret}`).not.toContain(secret);
      expect(answer.headers.get('content-disposition')).toBeNull();
    }
  });
});
