import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/server/db/schema';
import { londonToday } from '../../../src/shared/format/calendar-date';
import { interviewMessages } from '../../../src/shared/interviews/interview-contract';
import { NOTE_MAX_LENGTH } from '../../../src/shared/applications/note-contract';
import { messages } from '../../../src/shared/messages';
import type { TeamApplicationSummary, TeamJob } from '../../../src/shared/team/team-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';
import {
  APPLICANTS,
  applyTo,
  assignJob,
  createJob,
  invite,
  setUpHiringTeam,
  type HiringTeam,
  type Person,
} from '../../support/hiring-team';
import { sampleJob } from '../../support/test-server';

/**
 * The hiring manager's part (docs/behaviour.md#the-hiring-teams-screens): their jobs with the
 * place and pay the public page shows and the pipeline by stage, notes they add (audited, and
 * theirs alone among the team), being an interviewer themselves (on another manager's job too,
 * until the access ends by itself), and the e-mails of a job given and of an interview booked,
 * read back from the real .eml files, naming no applicant.
 */

const PUBLIC_URL = 'https://careers.test.example';
const LINK = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/my-application/([A-Za-z0-9_-]{43})`);
const DELIVERY = { timeout: 20_000, interval: 50 };
const YEAR = new Date().getUTCFullYear() + 1;

let server: TestApp;
let team: HiringTeam;
/** How far the server's clock runs ahead of the real one: a scorecard opens when its interview starts. */
let clockShiftMs = 0;
beforeAll(async () => {
  // Held e-mails wait long enough to count what is queued; `passTheHold` lets them go.
  server = await buildTestApp(
    { PUBLIC_URL },
    { emailDelivery: { holdMs: 10 * 60_000 }, now: () => new Date(Date.now() + clockShiftMs) },
  );
  team = await setUpHiringTeam(server);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const as = async (person: Person, method: string, route: string, body?: unknown) =>
  server.api(method, route, { token: await team.token(person), ...(body === undefined ? {} : { body }) });

const auditOf = async (id: string) => {
  const trail = await server.api('GET', `/applications/${id}/audit`, { token: team.adminToken });
  expect(trail.status).toBe(200);
  return trail.body as { action: string; actorEmail: string; detail: string | null }[];
};

interface Mail {
  to: string;
  subject: string;
  text: string;
}
const parsed = new Map<string, Mail>();
/** Every .eml the server has written, parsed as a mail program would. */
const mails = async (): Promise<Mail[]> => {
  const folder = path.join(server.dataDir, 'outbox');
  const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
  for (const name of names) {
    if (parsed.has(name)) continue;
    const email = await PostalMime.parse(readFileSync(path.join(folder, name)));
    parsed.set(name, {
      to: email.to?.[0]?.address ?? '',
      subject: email.subject ?? '',
      text: email.text ?? '',
    });
  }
  return [...parsed.values()];
};
const mailsTo = async (address: string, subject: RegExp) =>
  (await mails()).filter((mail) => mail.to === address && subject.test(mail.subject));

/** As time passing would: held e-mails waiting now are due now. */
const passTheHold = async () => {
  await server.context.database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(isNotNull(emailOutbox.coalesceKey), isNull(emailOutbox.sentAt), isNull(emailOutbox.claimToken)),
    );
  server.context.outbox.wake();
};

const waitForMail = async (address: string, subject: RegExp): Promise<Mail> => {
  await expect
    .poll(async () => {
      await passTheHold();
      return (await mailsTo(address, subject)).length;
    }, DELIVERY)
    .toBeGreaterThanOrEqual(1);
  return (await mailsTo(address, subject))[0]!;
};

let applicants = 0;
const newApplicant = async (jobId = team.jobA) => {
  const email = `manager.test.${++applicants}.${Date.now()}@example.com`;
  const id = await applyTo(server, jobId, { name: `Quentin Quiet${applicants}`, email, about: 'Hello.' });
  return { id, email };
};

const jobOf = async (person: Person, jobId: string): Promise<TeamJob | undefined> => {
  const jobs = await as(person, 'GET', '/team/jobs');
  expect(jobs.status).toBe(200);
  return (jobs.body as TeamJob[]).find((job) => job._id === jobId);
};

const rowsOf = async (person: Person, jobId: string): Promise<TeamApplicationSummary[]> => {
  const list = await as(person, 'GET', `/team/jobs/${jobId}/applications`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return list.body as TeamApplicationSummary[];
};

/**
 * The applicant books the one time the job's manager offers them, with these interviewers, through
 * their private link: the interview's start.
 */
const bookedWith = async (
  applicant: { id: string; email: string },
  interviewerIds: string[],
  time: string,
) => {
  const offer = await as(team.hmA, 'POST', `/team/applications/${applicant.id}/interview-slots`, {
    slots: [{ date: `${YEAR}-07-08`, time, durationMinutes: 45, place: 'Room 3', interviewerIds }],
  });
  expect(offer.status, JSON.stringify(offer.body)).toBe(200);
  const invitation = await waitForMail(applicant.email, /^Choose a time for your interview/);
  const token = LINK.exec(invitation.text)?.[1];
  const mine = await server.api('GET', `/my-application/${token}/interview`);
  const slot = mine.body.slots[0] as { _id: string; startsAt: string };
  const booked = await server.api('PUT', `/my-application/${token}/interview`, {
    body: { slotId: slot._id },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  return new Date(slot.startsAt);
};

describe('a hiring manager’s jobs', () => {
  it('say the place and pay as the public page does, count the applications by stage, and e-mail the job given once', async () => {
    const created = await server.api('POST', '/post', {
      token: team.adminToken,
      body: sampleJob({
        jobTitle: 'Remote Pricing Analyst',
        location: '',
        hours: '',
        ctc: '',
        locations: [],
        workplaceType: 'remote',
        remoteCountry: 'UK',
        employmentTypes: ['full-time'],
        pay: { min: 32000, max: 38000, period: 'year' },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const jobId = created.body.insertedId as string;
    const first = await newApplicant(jobId);
    await newApplicant(jobId);
    const manager = await invite(server, team.adminToken, 'hiring-manager', 'pricing-hm');
    await assignJob(server, team.adminToken, manager, jobId);
    expect(
      await as(manager, 'PUT', `/team/applications/${first.id}/stage`, { stage: 'shortlisted' }),
    ).toMatchObject({ status: 200 });

    const published = (await server.api('GET', `/single/${jobId}`)).body;
    expect(published).toMatchObject({ location: 'Remote (UK)', ctc: '£32,000 – £38,000 a year' });
    expect(await jobOf(manager, jobId)).toMatchObject({
      jobTitle: 'Remote Pricing Analyst',
      location: published.location,
      pay: published.ctc,
      managed: true,
      applicationCount: 2,
      byStage: {
        new: 1,
        reviewed: 0,
        shortlisted: 1,
        interview: 0,
        offer: 0,
        hired: 0,
        rejected: 0,
        withdrawn: 0,
      },
      interviewsBooked: 0,
      lastBookedAt: null,
    });
    // A job whose text fields were typed keeps them, as its public page does.
    expect(await jobOf(team.hmA, team.jobA)).toMatchObject({
      location: 'Northampton',
      pay: '£24,000 - £27,000',
    });

    const given = await waitForMail(manager.email, /^You are hiring for /);
    expect(given.subject).toBe('You are hiring for Remote Pricing Analyst');
    expect(given.text).toContain(`${PUBLIC_URL}/team/jobs/${jobId}`);
    expect(given.text).toContain('an administrator decides Hired or Rejected');
    // A change of leave for a job already theirs is not a job given.
    await assignJob(server, team.adminToken, manager, jobId, true);
    const queued = await server.context.database.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, manager.email));
    expect(queued.filter((row) => row.subject.startsWith('You are hiring for '))).toHaveLength(1);
    expect((await jobOf(manager, jobId))?.mayDecide).toBe(true);
  });
});

describe('a hiring manager’s notes', () => {
  it('are added by the job’s manager with their name, audited, and read by the administrators', async () => {
    const body = 'Strong on claims; ask about weekend cover.';
    const added = await as(team.hmA, 'POST', `/team/applications/${team.a2}/notes`, { body: `  ${body}  ` });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      applicationId: team.a2,
      body,
      authorEmail: team.hmA.email,
      authorName: team.hmA.name,
    });
    const read = await as(team.hmA, 'GET', `/team/applications/${team.a2}/notes`);
    expect(read.body).toContainEqual(expect.objectContaining({ body, authorName: team.hmA.name }));
    const admins = await server.api('GET', `/applications/${team.a2}/notes`, { token: team.adminToken });
    expect(admins.body).toContainEqual(expect.objectContaining({ body, authorEmail: team.hmA.email }));
    await expect
      .poll(async () => (await auditOf(team.a2)).filter((entry) => entry.action === 'note'))
      .toEqual([expect.objectContaining({ actorEmail: team.hmA.email })]);
  });

  it('follow the administrators’ rules, and no one else of the team adds one', async () => {
    const before = (await server.api('GET', `/applications/${team.a1}/notes`, { token: team.adminToken }))
      .body;
    expect(await as(team.hmA, 'POST', `/team/applications/${team.a1}/notes`, { body: '   ' })).toMatchObject({
      status: 400,
      body: { message: 'Write a note first.' },
    });
    expect(
      await as(team.hmA, 'POST', `/team/applications/${team.a1}/notes`, {
        body: 'x'.repeat(NOTE_MAX_LENGTH + 1),
      }),
    ).toMatchObject({
      status: 400,
      body: { message: `A note can be at most ${NOTE_MAX_LENGTH} characters.` },
    });
    expect(
      await as(team.ivA1, 'POST', `/team/applications/${team.a1}/notes`, { body: 'Mine.' }),
    ).toMatchObject({
      status: 403,
      body: { message: messages.hiringManagerRequired },
    });
    // Another job's manager never reached it: not found, as one that does not exist.
    expect(
      await as(team.hmB, 'POST', `/team/applications/${team.a1}/notes`, { body: 'Mine.' }),
    ).toMatchObject({
      status: 404,
      body: { message: messages.applicationMissing },
    });
    expect(
      (await server.api('GET', `/applications/${team.a1}/notes`, { token: team.adminToken })).body,
    ).toEqual(before);
  });
});

describe('a hiring manager as an interviewer', () => {
  it('is offered and assigned, reaches that application of another manager’s job on an interviewer’s terms, and scores it', async () => {
    const offered = await as(team.hmA, 'GET', '/team/interviewers');
    expect(offered.body).toContainEqual({ _id: team.hmB.id, name: team.hmB.name, email: team.hmB.email });

    const applicant = await newApplicant();
    const { id } = applicant;
    expect(await as(team.hmA, 'PUT', `/team/applications/${id}/interviewers/${team.hmB.id}`)).toMatchObject({
      status: 200,
      body: { modifiedCount: 1 },
    });
    expect(await auditOf(id)).toContainEqual(
      expect.objectContaining({ action: 'assign', actorEmail: team.hmA.email, detail: team.hmB.email }),
    );

    expect(await jobOf(team.hmB, team.jobA)).toMatchObject({
      managed: false,
      mayDecide: false,
      applicationCount: 1,
    });
    expect((await rowsOf(team.hmB, team.jobA)).map((row) => row._id)).toEqual([id]);
    // An interviewer's row: not the panel's progress, which is the job's manager's.
    expect((await rowsOf(team.hmB, team.jobA))[0]).not.toHaveProperty('scorecards');
    const detail = await as(team.hmB, 'GET', `/team/applications/${id}`);
    expect(detail).toMatchObject({ status: 200, body: { movableTo: [], interviewers: [] } });
    expect(detail.body).not.toHaveProperty('interviewIfMinimumCriteriaMet');
    for (const [method, route, body] of [
      ['GET', `/team/applications/${id}/notes`, undefined],
      ['POST', `/team/applications/${id}/notes`, { body: 'Mine.' }],
      ['PUT', `/team/applications/${id}/stage`, { stage: 'reviewed' }],
      ['GET', `/team/applications/${id}/interview`, undefined],
    ] as const) {
      expect(await as(team.hmB, method, route, body), route).toMatchObject({
        status: 403,
        body: { message: messages.hiringManagerRequired },
      });
    }
    // The other applications of that job stay out of reach.
    expect(await as(team.hmB, 'GET', `/team/applications/${team.a1}`)).toMatchObject({ status: 404 });

    // Booked with them, and scored once the interview has started by the server's clock.
    const startsAt = await bookedWith(applicant, [team.hmB.id], '11:15');
    clockShiftMs = startsAt.getTime() - Date.now() + 60_000;
    try {
      const scored = await as(team.hmB, 'PUT', `/team/applications/${id}/scorecard`, {
        ratings: sampleJob().requirements.map((criterion) => ({ criterion, rating: 3, note: '' })),
        recommendation: 'yes',
      });
      expect(scored.status, JSON.stringify(scored.body)).toBe(200);
    } finally {
      clockShiftMs = 0;
    }
    expect((await rowsOf(team.hmA, team.jobA)).find((row) => row._id === id)?.scorecards).toEqual({
      submitted: 1,
      expected: 1,
    });
    // Their scorecard in, the application stays theirs to open, under Scored; the panel's
    // scorecards are theirs to read side by side.
    expect(await as(team.hmB, 'GET', `/team/applications/${id}`)).toMatchObject({ status: 200 });
    expect((await as(team.hmB, 'GET', '/team/interviews')).body).toContainEqual(
      expect.objectContaining({ _id: id, scoredAt: expect.any(String) }),
    );
    expect(await as(team.hmB, 'GET', `/team/applications/${id}/scorecards`)).toMatchObject({
      status: 200,
      body: { othersHidden: false },
    });
    // The job's own manager, not interviewing it, still scores nothing.
    expect(
      await as(team.hmA, 'PUT', `/team/applications/${id}/scorecard`, {
        ratings: sampleJob().requirements.map((criterion) => ({ criterion, rating: 3, note: '' })),
        recommendation: 'yes',
      }),
    ).toMatchObject({ status: 403, body: { message: interviewMessages.scorecardNotYours } });
  });

  it('loses that access when it is taken away and when the job closes', async () => {
    const taken = await newApplicant();
    await server.api('PUT', `/applications/${taken.id}/interviewers/${team.hmB.id}`, {
      token: team.adminToken,
    });
    expect(await as(team.hmB, 'GET', `/team/applications/${taken.id}`)).toMatchObject({ status: 200 });
    await server.api('DELETE', `/applications/${taken.id}/interviewers/${team.hmB.id}`, {
      token: team.adminToken,
    });
    expect(await as(team.hmB, 'GET', `/team/applications/${taken.id}`)).toMatchObject({ status: 404 });

    const jobC = await createJob(server, team.adminToken, 'Closing Soon Underwriter');
    const closing = await newApplicant(jobC);
    await server.api('PUT', `/applications/${closing.id}/interviewers/${team.hmB.id}`, {
      token: team.adminToken,
    });
    expect(await as(team.hmB, 'GET', `/team/jobs/${jobC}/applications`)).toMatchObject({ status: 200 });
    const day = new Date(`${londonToday()}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() - 1);
    await server.context.jobs.update(jobC, { closingDate: day.toISOString().slice(0, 10) });
    expect(await as(team.hmB, 'GET', `/team/applications/${closing.id}`)).toMatchObject({
      status: 403,
      body: { message: messages.teamAccessEnded },
    });
    expect(await jobOf(team.hmB, jobC)).toBeUndefined();
  });
});

describe('an interview booked on a hiring manager’s job', () => {
  it('shows in their pipeline and e-mails them the job, the time and the team page, never the applicant', async () => {
    // Interviews booked on this job by earlier tests.
    const bookedBefore = (await jobOf(team.hmA, team.jobA))?.interviewsBooked ?? 0;
    const offeredOnly = await newApplicant();
    const applicant = await newApplicant();
    const slot = (time: string) => ({
      date: `${YEAR}-07-07`,
      time,
      durationMinutes: 45,
      place: 'Room 2, Northampton office',
      interviewerIds: [team.ivA2.id],
    });
    for (const [who, time] of [
      [offeredOnly, '09:00'],
      [applicant, '10:30'],
    ] as const) {
      const offer = await as(team.hmA, 'POST', `/team/applications/${who.id}/interview-slots`, {
        slots: [slot(time)],
      });
      expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    }
    const invitation = await waitForMail(applicant.email, /^Choose a time for your interview/);
    const token = LINK.exec(invitation.text)?.[1];
    expect(token, invitation.text).toBeDefined();
    const mine = await server.api('GET', `/my-application/${token}/interview`);
    const booked = await server.api('PUT', `/my-application/${token}/interview`, {
      body: { slotId: mine.body.slots[0]._id },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    // This applicant's notice (an earlier test books one on this job too).
    await waitForMail(team.hmA.email, /^An interview is booked for /);
    let notice = (await mailsTo(team.hmA.email, /^An interview is booked for /)).find((mail) =>
      mail.text.includes(applicant.id),
    );
    await expect
      .poll(async () => {
        await passTheHold();
        notice = (await mailsTo(team.hmA.email, /^An interview is booked for /)).find((mail) =>
          mail.text.includes(applicant.id),
        );
        return notice !== undefined;
      }, DELIVERY)
      .toBe(true);
    if (!notice) throw new Error('no notice of this booking');
    expect(notice.subject).toBe('An interview is booked for Claims Handler');
    expect(notice.text).toContain('10:30 BST (UK time) for 45 minutes. Where: Room 2, Northampton office');
    expect(notice.text).toContain(`${PUBLIC_URL}/team/application/${applicant.id}`);
    for (const secret of [applicant.email, 'Quentin', APPLICANTS.a1.name]) {
      expect(`${notice.subject}\n${notice.text}`).not.toContain(secret);
    }
    expect(await mailsTo(team.hmB.email, /^An interview is booked/)).toEqual([]);

    const job = await jobOf(team.hmA, team.jobA);
    expect(job).toMatchObject({ interviewsBooked: bookedBefore + 1, lastBookedAt: expect.any(String) });
    const rows = await rowsOf(team.hmA, team.jobA);
    expect(rows.find((row) => row._id === applicant.id)).toMatchObject({
      stage: 'interview',
      interviewStartsAt: `${YEAR}-07-07T09:30:00.000Z`,
      interviewOffered: false,
      scorecards: { submitted: 0, expected: 1 },
    });
    expect(rows.find((row) => row._id === offeredOnly.id)).toMatchObject({
      interviewOffered: true,
      scorecards: { submitted: 0, expected: 0 },
    });
    expect(rows.find((row) => row._id === offeredOnly.id)).not.toHaveProperty('interviewStartsAt');
  });
});
