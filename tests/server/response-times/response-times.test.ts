import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { applications, auditEntries, emailOutbox } from '../../../src/server/db/schema';
import { createResponseTimesRepository } from '../../../src/server/response-times/response-times-repository';
import { runResponseTimeCheck } from '../../../src/server/response-times/response-times-pass';
import { REJECTION_NEEDS_REASON } from '../../../src/shared/applications/stage-contract';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { createJob, storeApplications } from '../../support/hiring';

/** Stage time limits in working days, the digest, the holding line and e-mail, and rejection reasons. */
let server: TestApp;
let clock = new Date();
beforeAll(async () => {
  server = await buildTestApp({}, { now: () => clock });
}, 60_000);
afterAll(async () => {
  await server.stop();
});

const check = () =>
  runResponseTimeCheck(
    {
      db: server.context.database.db,
      responseTimes: createResponseTimesRepository(server.context.database.db),
      outbox: server.context.outbox,
      mail: server.context.mail,
    },
    clock,
  );

const queuedTo = async (applicationId: string) =>
  server.context.database.db
    .select({ subject: emailOutbox.subject, body: emailOutbox.body })
    .from(emailOutbox)
    .where(eq(emailOutbox.applicationId, applicationId));

describe('response times', () => {
  it('marks an application overdue the working day after its limit, across Easter, then holds and e-mails once', async () => {
    const token = await server.adminToken();
    const jobId = await createJob(server as never);
    const [id] = await storeApplications(server as never, jobId, 1, 'overdue');
    // Entered New on Thursday 2 April 2026; New's limit is 5 working days: Good Friday and
    // Easter Monday skipped, due Monday 13 April.
    await server.context.database.db
      .update(applications)
      .set({ stageChangedAt: new Date('2026-04-02T09:00:00Z') })
      .where(eq(applications.id, id!));
    const link = (await server.context.applicationLinks.mint(id!))!;

    clock = new Date('2026-04-13T16:00:00Z');
    expect((await server.api('GET', '/response-times/overdue', { token })).body.applications).toEqual([]);
    expect((await server.api('GET', `/my-application/${link}/response`)).body.holdingLine).toBeNull();

    clock = new Date('2026-04-14T08:30:00Z');
    const overdue = await server.api('GET', '/response-times/overdue', { token });
    expect(overdue.body.applications).toEqual([
      expect.objectContaining({ applicationId: id, dueOn: '2026-04-13', workingDaysOver: 1, stage: 'new' }),
    ]);
    const page = await server.api('GET', `/my-application/${link}/response`);
    expect(page.body).toEqual({
      holdingLine: 'We are still reviewing applications for this job. We expect to reply by Monday 20 April.',
      feedback: null,
    });

    // The digest: once a day to each administrator, naming the job and its count, no applicant.
    const first = await check();
    expect(first).toEqual({ digests: 1, holdingEmails: 0 });
    expect(await check()).toEqual({ digests: 0, holdingEmails: 0 });
    const [digest] = await server.context.database.db
      .select({ subject: emailOutbox.subject, body: emailOutbox.body })
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like '%past their time limit%'`);
    expect(digest!.subject).toBe('1 application is past their time limit');
    expect(digest!.body).toContain(`Customer Service Advisor: 1 overdue`);
    expect(digest!.body).toContain(`/dashboard/applications?job=${jobId}`);
    expect(digest!.body).not.toContain('overdue Applicant');

    // Missed twice (past Monday 20 April): the applicant is e-mailed the line once for this visit.
    clock = new Date('2026-04-21T09:00:00Z');
    expect(await check()).toEqual({ digests: 1, holdingEmails: 1 });
    expect(await check()).toEqual({ digests: 0, holdingEmails: 0 });
    const held = await queuedTo(id!);
    expect(held).toHaveLength(1);
    expect(held[0]!.body).toContain('We expect to reply by Monday 27 April.');
  });

  it('refuses a rejection without a reason, keeps the reason private, and shows feedback once the e-mail has gone', async () => {
    const token = await server.adminToken();
    const jobId = await createJob(server as never);
    const [id, other] = await storeApplications(server as never, jobId, 2, 'rejected');
    const refused = await server.api('PUT', `/applications/${id}/stage`, {
      token,
      body: { stage: 'rejected' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(REJECTION_NEEDS_REASON);
    const bulk = await server.api('POST', '/applications/stage', {
      token,
      body: { ids: [id, other], stage: 'rejected' },
    });
    expect(bulk.status).toBe(400);

    const reasons = await server.api('GET', '/rejection-reasons', { token });
    const filled = reasons.body.find((reason: { label: string }) => reason.label === 'Position filled');
    expect(filled).toBeDefined();
    const unknown = await server.api('PUT', `/applications/${id}/stage`, {
      token,
      body: { stage: 'rejected', reasonId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(400);

    const feedback = 'Your experience was strong; we would welcome another application.';
    const rejected = await server.api('PUT', `/applications/${id}/stage`, {
      token,
      body: { stage: 'rejected', reasonId: filled._id, feedback, notify: false },
    });
    expect(rejected.status).toBe(200);
    const [history] = await server.context.database.db
      .select({ detail: auditEntries.detail })
      .from(auditEntries)
      .where(sql`${auditEntries.applicationId} = ${id} and ${auditEntries.action} = 'stage'`);
    expect(history!.detail).toContain('reason: Position filled');

    const link = (await server.context.applicationLinks.mint(id!))!;
    // No e-mail yet: no feedback, and never the reason.
    expect((await server.api('GET', `/my-application/${link}/response`)).body).toEqual({
      holdingLine: null,
      feedback: null,
    });
    const told = await server.api('PUT', `/applications/${id}/stage`, {
      token,
      body: { stage: 'rejected', reasonId: filled._id, notify: true },
    });
    expect(told.body.emailedCount).toBe(1);
    for (const deadline = Date.now() + 20_000; ;) {
      const waiting = await server.context.database.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(sql`${emailOutbox.applicationId} = ${id} and ${emailOutbox.sentAt} is null`);
      if (waiting.length === 0) break;
      if (Date.now() > deadline) throw new Error('the rejection e-mail did not go');
      server.context.outbox.wake();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const page = await server.api('GET', `/my-application/${link}/response`);
    expect(page.body).toEqual({ holdingLine: null, feedback });
    expect(JSON.stringify(page.body)).not.toContain('Position filled');
  });
});
