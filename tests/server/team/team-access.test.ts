import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { emailOutbox } from '../../../src/server/db/schema';
import { londonToday } from '../../../src/shared/format/calendar-date';
import type { JobViewer } from '../../../src/shared/team/team-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob } from '../../support/test-server';
import {
  APPLICANTS,
  NOTE_ON_A1,
  applyTo,
  assignInterviewer,
  assignJob,
  createJob,
  invite,
  setUpHiringTeam,
  tokenFor,
  type HiringTeam,
} from '../../support/hiring-team';
import { A_REJECTION_REASON } from '../../support/hiring';

/**
 * What the hiring team reaches through `/api/team`, and how that access ends by itself
 * (docs/security.md#the-hiring-team): a hiring manager works on their jobs' applications, an
 * interviewer reads the applications assigned to them, every read is in the audit trail, and
 * the next call after the job closes or the person is removed is refused.
 */

let server: TestApp;
let team: HiringTeam;
beforeAll(async () => {
  server = await buildTestApp();
  team = await setUpHiringTeam(server);
});
afterAll(async () => {
  await server?.stop();
});

const as = async (person: HiringTeam['hmA'], method: string, path: string, body?: unknown) =>
  server.api(method, path, { token: await team.token(person), ...(body === undefined ? {} : { body }) });

const auditOf = async (id: string) => {
  const trail = await server.api('GET', `/applications/${id}/audit`, { token: team.adminToken });
  expect(trail.status).toBe(200);
  return trail.body as { action: string; actorEmail: string; detail: string | null }[];
};

const yesterday = () => {
  const day = new Date(`${londonToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

describe('a hiring manager', () => {
  it('lists only their own open jobs, and a job’s applications without contact details', async () => {
    const jobs = await as(team.hmA, 'GET', '/team/jobs');
    expect(jobs.status).toBe(200);
    expect(jobs.body).toEqual([
      expect.objectContaining({
        _id: team.jobA,
        jobTitle: 'Claims Handler',
        mayDecide: false,
        applicationCount: 2,
      }),
    ]);

    const list = await as(team.hmA, 'GET', `/team/jobs/${team.jobA}/applications`);
    expect(list.status).toBe(200);
    expect(list.body.map((row: { _id: string }) => row._id).sort()).toEqual([team.a1, team.a2].sort());
    expect(JSON.stringify(list.body)).not.toContain(APPLICANTS.a1.email);

    const other = await as(team.hmA, 'GET', `/team/jobs/${team.jobB}/applications`);
    expect(other).toMatchObject({ status: 404, body: { message: messages.jobNotFound } });
  });

  it('reads an application, its CV and its notes, each recorded in the audit trail', async () => {
    const detail = await as(team.hmA, 'GET', `/team/applications/${team.a1}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      _id: team.a1,
      jobId: team.jobA,
      name: APPLICANTS.a1.name,
      email: APPLICANTS.a1.email,
      about: APPLICANTS.a1.about,
      hasResume: true,
      interviewers: [expect.objectContaining({ _id: team.ivA1.id, email: team.ivA1.email })],
    });
    expect(detail.body.movableTo).not.toContain('hired');
    expect(detail.body.movableTo).not.toContain('rejected');
    expect(detail.body.movableTo).not.toContain('withdrawn');
    expect(detail.body).not.toHaveProperty('retentionHold');

    const cv = await as(team.hmA, 'GET', `/team/applications/${team.a1}/pdf?purpose=preview`);
    expect(cv.status).toBe(200);
    expect(cv.body.pdfFile).toMatch(/^data:application\/pdf;base64,JVBERi0/);
    const notes = await as(team.hmA, 'GET', `/team/applications/${team.a1}/notes`);
    expect(notes.status).toBe(200);
    expect(notes.body).toEqual([expect.objectContaining({ body: NOTE_ON_A1 })]);

    const trail = (await auditOf(team.a1)).filter((entry) => entry.actorEmail === team.hmA.email);
    expect(trail.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['list', 'view', 'preview', 'notes']),
    );
  });

  it('moves an application between stages, but to Hired or Rejected only with leave, and never e-mails', async () => {
    const moved = await as(team.hmA, 'PUT', `/team/applications/${team.a2}/stage`, { stage: 'shortlisted' });
    expect(moved).toMatchObject({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 },
    });
    expect(await auditOf(team.a2)).toContainEqual(
      expect.objectContaining({ action: 'stage', actorEmail: team.hmA.email, detail: 'New → Shortlisted' }),
    );

    for (const [stage, label] of [
      ['hired', 'Hired'],
      ['rejected', 'Rejected'],
      ['withdrawn', 'Withdrawn'],
    ] as const) {
      const refused = await as(team.hmA, 'PUT', `/team/applications/${team.a2}/stage`, {
        stage,
        reasonId: A_REJECTION_REASON,
      });
      expect(refused, stage).toMatchObject({
        status: 403,
        body: { message: messages.teamStageNeedsAdmin(label) },
      });
    }

    // The administrator allows decisions for this job.
    await assignJob(server, team.adminToken, team.hmA, team.jobA, true);
    const rejected = await as(team.hmA, 'PUT', `/team/applications/${team.a2}/stage`, {
      stage: 'rejected',
      reasonId: A_REJECTION_REASON,
      notify: true,
    });
    expect(rejected).toMatchObject({ status: 200, body: { modifiedCount: 1, emailedCount: 0 } });
    const replies = await server.context.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.applicationId, team.a2), eq(emailOutbox.recipient, APPLICANTS.a2.email)));
    // Only the confirmation the applicant got on applying: no rejection went out.
    expect(replies).toHaveLength(1);
    const withdrawn = await as(team.hmA, 'PUT', `/team/applications/${team.a2}/stage`, {
      stage: 'withdrawn',
    });
    expect(withdrawn.status).toBe(403);
    await assignJob(server, team.adminToken, team.hmA, team.jobA, false);
    // Back without leave: out of Rejected is a decision too.
    const undo = await as(team.hmA, 'PUT', `/team/applications/${team.a2}/stage`, { stage: 'reviewed' });
    expect(undo).toMatchObject({ status: 403, body: { message: messages.teamStageNeedsAdmin('Rejected') } });
  });

  it('gives an interviewer an application of their job, and not of another job', async () => {
    const given = await as(team.hmA, 'PUT', `/team/applications/${team.a1}/interviewers/${team.spareIv.id}`);
    expect(given).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
    expect((await as(team.spareIv, 'GET', `/team/applications/${team.a1}`)).status).toBe(200);
    expect(await auditOf(team.a1)).toContainEqual(
      expect.objectContaining({ action: 'assign', actorEmail: team.hmA.email, detail: team.spareIv.email }),
    );
    const notTheirs = await as(
      team.hmB,
      'PUT',
      `/team/applications/${team.a1}/interviewers/${team.spareIv.id}`,
    );
    expect(notTheirs).toMatchObject({ status: 404, body: { message: messages.applicationMissing } });
    // A hiring manager interviews too (hiring-manager.test.ts); a plain account is not on the team.
    const notOnTheTeam = await as(
      team.hmA,
      'PUT',
      `/team/applications/${team.a1}/interviewers/${team.plain.id}`,
    );
    expect(notOnTheTeam).toMatchObject({ status: 404, body: { message: messages.teamMemberMissing } });

    const ended = await as(
      team.hmA,
      'DELETE',
      `/team/applications/${team.a1}/interviewers/${team.spareIv.id}`,
    );
    expect(ended).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
    const refused = await as(team.spareIv, 'GET', `/team/applications/${team.a1}`);
    expect(refused).toMatchObject({ status: 404, body: { message: messages.applicationMissing } });
  });
});

describe('an interviewer', () => {
  it('sees the applications they interview, and their CVs, and nothing else', async () => {
    const jobs = await as(team.ivA1, 'GET', '/team/jobs');
    expect(jobs.body).toEqual([expect.objectContaining({ _id: team.jobA, applicationCount: 1 })]);
    const list = await as(team.ivA1, 'GET', `/team/jobs/${team.jobA}/applications`);
    expect(list.body).toEqual([expect.objectContaining({ _id: team.a1, name: APPLICANTS.a1.name })]);

    const detail = await as(team.ivA1, 'GET', `/team/applications/${team.a1}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ _id: team.a1, movableTo: [], interviewers: [] });
    const cv = await as(team.ivA1, 'GET', `/team/applications/${team.a1}/pdf?purpose=download`);
    expect(cv.status).toBe(200);

    for (const id of [team.a2, team.b1]) {
      const refused = await as(team.ivA1, 'GET', `/team/applications/${id}`);
      expect(refused).toMatchObject({ status: 404, body: { message: messages.applicationMissing } });
    }
    const notes = await as(team.ivA1, 'GET', `/team/applications/${team.a1}/notes`);
    expect(notes).toMatchObject({ status: 403, body: { message: messages.hiringManagerRequired } });
    const stage = await as(team.ivA1, 'PUT', `/team/applications/${team.a1}/stage`, { stage: 'offer' });
    expect(stage).toMatchObject({ status: 403, body: { message: messages.hiringManagerRequired } });
    expect(await auditOf(team.a1)).toContainEqual(
      expect.objectContaining({ action: 'download', actorEmail: team.ivA1.email }),
    );
  });
});

describe("the job's page: who has seen these applicants", () => {
  it('names each reader with their role, how many applicants and reads, and no one who read none', async () => {
    await as(team.ivA1, 'GET', `/team/applications/${team.a1}`);
    const viewers = await server.api('GET', `/post/${team.jobA}/viewers`, { token: team.adminToken });
    expect(viewers.status).toBe(200);
    const byEmail = Object.fromEntries(
      (viewers.body as JobViewer[]).map((viewer) => [viewer.actorEmail, viewer]),
    );
    expect(byEmail[team.hmA.email]).toMatchObject({
      name: team.hmA.name,
      role: 'hiring-manager',
      applicants: 2,
    });
    expect(byEmail[team.ivA1.email]).toMatchObject({ role: 'interviewer', applicants: 1 });
    expect(byEmail[team.ivA1.email]?.reads).toBeGreaterThanOrEqual(3);
    expect(byEmail[team.hmB.email]).toBeUndefined();
    const missing = await server.api('GET', `/post/00000000-0000-4000-8000-000000000000/viewers`, {
      token: team.adminToken,
    });
    expect(missing).toMatchObject({ status: 404, body: { message: messages.jobNotFound } });
  });
});

describe('access ends by itself', () => {
  /** A job of its own, with its manager and an interviewer, so ending them touches no other test. */
  async function ownJob(label: string) {
    const jobId = await createJob(server, team.adminToken, `Ending ${label}`);
    const applicationId = await applyTo(server, jobId, {
      name: `Ending ${label}`,
      email: `ending.${label}@example.com`,
      about: 'Cover letter.',
    });
    const manager = await invite(server, team.adminToken, 'hiring-manager', `end-hm-${label}`);
    const interviewer = await invite(server, team.adminToken, 'interviewer', `end-iv-${label}`);
    await assignJob(server, team.adminToken, manager, jobId);
    await assignInterviewer(server, team.adminToken, interviewer, applicationId);
    for (const person of [manager, interviewer]) {
      expect((await as(person, 'GET', `/team/applications/${applicationId}`)).status).toBe(200);
    }
    return { jobId, applicationId, manager, interviewer };
  }

  it('when the job closes: the next call of its manager and interviewer is refused', async () => {
    const { jobId, applicationId, manager, interviewer } = await ownJob('closes');
    const managerToken = await tokenFor(server, manager);
    const interviewerToken = await tokenFor(server, interviewer);
    // The closing date passes (the API takes no date in the past: the day has simply gone by).
    await server.context.jobs.update(jobId, { closingDate: yesterday() });

    for (const token of [managerToken, interviewerToken]) {
      for (const path of [`/team/applications/${applicationId}`, `/team/applications/${applicationId}/pdf`]) {
        const refused = await server.api('GET', path, { token });
        expect(refused, path).toMatchObject({ status: 403, body: { message: messages.teamAccessEnded } });
        expect(JSON.stringify(refused.body)).not.toContain('Ending closes');
      }
      const jobs = await server.api('GET', '/team/jobs', { token });
      expect(jobs).toMatchObject({ status: 200, body: [] });
      const list = await server.api('GET', `/team/jobs/${jobId}/applications`, { token });
      expect(list).toMatchObject({ status: 403, body: { message: messages.teamAccessEnded } });
    }
    const move = await server.api('PUT', `/team/applications/${applicationId}/stage`, {
      token: managerToken,
      body: { stage: 'shortlisted' },
    });
    expect(move.status).toBe(403);
  });

  it('when the person is removed: their next call is refused', async () => {
    const { applicationId, manager, interviewer } = await ownJob('removed');
    for (const person of [manager, interviewer]) {
      const token = await tokenFor(server, person);
      const removed = await server.api('DELETE', `/team-members/${person.id}`, { token: team.adminToken });
      expect(removed.status).toBe(200);
      const refused = await server.api('GET', `/team/applications/${applicationId}`, { token });
      expect(refused).toMatchObject({ status: 401, body: { message: messages.authRequired } });
    }
  });

  it('when the assignment is taken away: the job, or the application, is gone from their view', async () => {
    const { jobId, applicationId, manager, interviewer } = await ownJob('unassigned');
    const managerToken = await tokenFor(server, manager);
    const interviewerToken = await tokenFor(server, interviewer);
    const unassigned = await server.api('DELETE', `/team-members/${manager.id}/jobs/${jobId}`, {
      token: team.adminToken,
    });
    expect(unassigned).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    const ended = await server.api(
      'DELETE',
      `/applications/${applicationId}/interviewers/${interviewer.id}`,
      {
        token: team.adminToken,
      },
    );
    expect(ended).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
    for (const token of [managerToken, interviewerToken]) {
      const refused = await server.api('GET', `/team/applications/${applicationId}`, { token });
      expect(refused).toMatchObject({ status: 404, body: { message: messages.applicationMissing } });
    }
  });
});

describe("the answers to a job's questions", () => {
  it('reach the job’s hiring manager and the application’s interviewer, as the applicant gave them', async () => {
    const job = await server.api('POST', '/post', {
      token: team.adminToken,
      body: sampleJob({
        jobTitle: 'Bilingual Claims Handler',
        questions: [
          {
            id: 'languages',
            type: 'several-of',
            label: 'Which languages do you speak?',
            purpose: 'Our customers are served in these languages.',
            options: ['Urdu', 'Bengali', 'Arabic'],
          },
        ],
      }),
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const jobId = job.body.insertedId as string;
    const applied = await server.api('POST', '/applications', {
      body: {
        name: 'Amina Answers',
        email: 'amina.answers@example.com',
        about: 'Cover letter of Amina.',
        phone: '+44 7700 900124',
        jobId,
        pdfFile: toDataUrl(await validPdf('Amina CV')),
        answers: { languages: ['Arabic', 'Urdu'] },
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const applicationId = applied.body.insertedId as string;
    const manager = await invite(server, team.adminToken, 'hiring-manager', 'answers-hm');
    const interviewer = await invite(server, team.adminToken, 'interviewer', 'answers-iv');
    await assignJob(server, team.adminToken, manager, jobId);
    await assignInterviewer(server, team.adminToken, interviewer, applicationId);

    for (const person of [manager, interviewer]) {
      const detail = await as(person, 'GET', `/team/applications/${applicationId}`);
      expect(detail.status).toBe(200);
      expect(detail.body.answers).toEqual([
        {
          id: 'languages',
          label: 'Which languages do you speak?',
          type: 'several-of',
          answer: ['Urdu', 'Arabic'],
        },
      ]);
    }
    // An application sent before the job asked anything has no answers to show.
    const earlier = await as(team.hmA, 'GET', `/team/applications/${team.a1}`);
    expect(earlier.body.answers).toEqual([]);
  });
});
