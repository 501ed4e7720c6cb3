import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicationReplies, auditEntries, emailOutbox } from '../../../src/server/db/schema';
import { messages } from '../../../src/shared/messages';
import { unknownStageMessage } from '../../../src/shared/applications/stage-contract';
import { testDatabaseUrl } from '../../support/postgres';
import { ADMIN, startTestServer, type TestServer } from '../../support/test-server';
import {
  A_REJECTION_REASON,
  apply,
  auditTrail,
  createJob,
  listedStages,
  storeApplications,
} from '../../support/hiring';

/**
 * Hiring stages through the API, on the engine of the suite (PGlite, or PostgreSQL under
 * test:pg): opening a New application reviews it, single and bulk moves, their history, what is
 * refused, and that a bulk move happens entirely or not at all.
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';

let server: TestServer;
let token: string;
let jobId: string;

const detail = (id: string, as = token) => server.api('GET', `/applications/${id}`, { token: as });
const move = (id: string, body: unknown, as = token) =>
  server.api('PUT', `/applications/${id}/stage`, { token: as, body });
const bulk = (body: unknown, as = token) => server.api('POST', '/applications/stage', { token: as, body });

/** A second administrator, with a token the server itself issued. */
async function otherAdmin(): Promise<{ email: string; token: string }> {
  const email = `second.admin.${Date.now()}@example.com`;
  const registered = await server.api('POST', '/register', {
    body: { name: 'Second Admin', email, password: 'second-password' },
  });
  expect(registered.status).toBe(201);
  await server.context.users.setAdmin(email, true);
  const user = (await server.context.users.findByEmail(email))!;
  return { email, token: await server.context.tokens.issue(user) };
}

const stageEntries = async (id: string) =>
  (await auditTrail(server, id)).filter((entry) => entry.action === 'stage');

beforeAll(async () => {
  server = await startTestServer();
  token = await server.adminToken();
  jobId = await createJob(server);
  // Nothing here is about delivery: the confirmations of the test applications stay queued.
  await server.context.outbox.close();
});
afterAll(async () => {
  await server?.stop();
});

describe(`opening an application on ${engine}`, () => {
  it('a new application is New, since it arrived', async () => {
    const id = await apply(server, jobId);
    const listed = (await server.api('GET', '/applications', { token })).body.find(
      (row: { _id: string }) => row._id === id,
    );
    expect(listed).toMatchObject({ stage: 'new', stageChangedAt: listed.createdAt });
  });

  it('moves New to Reviewed, answers the new stage, and records who and when', async () => {
    const id = await apply(server, jobId);
    const before = Date.now();
    const opened = await detail(id);
    expect(opened.status).toBe(200);
    expect(opened.body.stage).toBe('reviewed');
    const changedAt = Date.parse(opened.body.stageChangedAt);
    expect(changedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(changedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await listedStages(server)).get(id)).toEqual({
      stage: 'reviewed',
      stageChangedAt: opened.body.stageChangedAt,
    });

    const trail = await auditTrail(server, id);
    expect(trail.map((entry) => entry.action)).toEqual(['view', 'stage']);
    expect(trail[1]).toMatchObject({
      action: 'stage',
      detail: 'New → Reviewed',
      actorEmail: ADMIN.email,
      createdAt: opened.body.stageChangedAt,
    });
  });

  it('moves it once: opening it again changes nothing and adds no history', async () => {
    const id = await apply(server, jobId);
    const first = await detail(id);
    const second = await detail(id);
    expect(second.body).toMatchObject({ stage: 'reviewed', stageChangedAt: first.body.stageChangedAt });
    expect(await stageEntries(id)).toHaveLength(1);
    expect((await auditTrail(server, id)).filter((entry) => entry.action === 'view')).toHaveLength(2);
  });

  it('does not move back an application that has left New', async () => {
    const id = await apply(server, jobId);
    expect((await move(id, { stage: 'shortlisted' })).status).toBe(200);
    const opened = await detail(id);
    expect(opened.body.stage).toBe('shortlisted');
    expect((await stageEntries(id)).map((entry) => entry.detail)).toEqual(['New → Shortlisted']);
  });
});

describe(`opening an application while the history cannot be written, on ${engine}`, () => {
  it('still opens it, leaves it New, and reviews it at the next opening', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const id = await apply(server, jobId);
    const { db } = server.context.database;
    // The trail is briefly out of reach (a restore, a migration under way): a move without its
    // history must not happen, and reading must not fail for it.
    await db.execute(sql`alter table audit_entries rename to audit_entries_away`);
    try {
      const opened = await detail(id);
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ _id: id, stage: 'new' });
      expect((await listedStages(server)).get(id)!.stage).toBe('new');
    } finally {
      await db.execute(sql`alter table audit_entries_away rename to audit_entries`);
    }
    const again = await detail(id);
    expect(again.body.stage).toBe('reviewed');
    expect((await stageEntries(id)).map((entry) => entry.detail)).toEqual(['New → Reviewed']);
    await server.context.audit.flush();
    errors.mockRestore();
  });
});

describe(`PUT /api/applications/:id/stage on ${engine}`, () => {
  it('moves one application, answers the counts, and keeps each change with who and when', async () => {
    const id = await apply(server, jobId);
    await detail(id);
    const moved = await move(id, { stage: 'shortlisted' });
    expect(moved).toMatchObject({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1, emailedCount: 0 },
    });

    const second = await otherAdmin();
    const again = await move(id, { stage: 'interview' }, second.token);
    expect(again.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, emailedCount: 0 });

    const shown = await detail(id);
    expect(shown.body.stage).toBe('interview');
    const history = await stageEntries(id);
    expect(history.map(({ detail, actorEmail }) => ({ detail, actorEmail }))).toEqual([
      { detail: 'New → Reviewed', actorEmail: ADMIN.email },
      { detail: 'Reviewed → Shortlisted', actorEmail: ADMIN.email },
      { detail: 'Shortlisted → Interview', actorEmail: second.email },
    ]);
    expect(history.at(-1)!.createdAt).toBe(shown.body.stageChangedAt);
    const times = history.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('matches but does not modify an application already in the stage, and adds no history', async () => {
    const id = await apply(server, jobId);
    await move(id, { stage: 'offer' });
    const before = (await detail(id)).body;
    const same = await move(id, { stage: 'offer' });
    expect(same.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0, emailedCount: 0 });
    expect((await detail(id)).body.stageChangedAt).toBe(before.stageChangedAt);
    expect((await stageEntries(id)).map((entry) => entry.detail)).toEqual(['New → Offer']);
  });

  it.each([
    ['an unknown stage', { stage: 'archived' }, unknownStageMessage],
    ['a stage in other letters', { stage: 'Rejected' }, unknownStageMessage],
    ['no stage', { notify: false }, unknownStageMessage],
    ['a stage that is not text', { stage: 3 }, unknownStageMessage],
  ])('refuses %s with 400 and the contract message, changing nothing', async (_label, body, message) => {
    const id = await apply(server, jobId);
    const refused = await move(id, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect((await listedStages(server)).get(id)!.stage).toBe('new');
    expect(await stageEntries(id)).toEqual([]);
  });

  it('refuses a notify that is not true or false with 400', async () => {
    const id = await apply(server, jobId);
    const refused = await move(id, { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Say whether to e-mail the applicant (true or false).');
    expect((await listedStages(server)).get(id)!.stage).toBe('new');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const id = await apply(server, jobId);
    const refused = await move(id, '{"stage": ');
    expect(refused).toMatchObject({ status: 400, body: { message: messages.badJson } });
  });

  it('answers 404 for an application that does not exist or an id that is not one', async () => {
    for (const id of [randomUUID(), 'not-an-id', '12345']) {
      const missing = await move(id, { stage: 'rejected', reasonId: A_REJECTION_REASON });
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual({ message: messages.applicationMissing });
    }
  });

  it('tells the list at once (the cached list is dropped)', async () => {
    const id = await apply(server, jobId);
    expect((await listedStages(server)).get(id)!.stage).toBe('new');
    await move(id, { stage: 'hired' });
    expect((await listedStages(server)).get(id)!.stage).toBe('hired');
  });
});

describe(`POST /api/applications/stage on ${engine}`, () => {
  it('moves many at once; unknown and malformed ids are not matched, one already there is not modified', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => apply(server, jobId)));
    await move(ids[2]!, { stage: 'shortlisted' });
    const moved = await bulk({
      ids: [...ids, ids[0], randomUUID(), 'nonsense', ''],
      stage: 'shortlisted',
    });
    expect(moved).toMatchObject({
      status: 200,
      body: { acknowledged: true, matchedCount: 3, modifiedCount: 2, emailedCount: 0 },
    });
    const listed = await listedStages(server);
    expect(ids.map((id) => listed.get(id)!.stage)).toEqual(['shortlisted', 'shortlisted', 'shortlisted']);
    expect((await stageEntries(ids[0]!)).map((entry) => entry.detail)).toEqual(['New → Shortlisted']);
    expect((await stageEntries(ids[2]!)).map((entry) => entry.detail)).toEqual(['New → Shortlisted']);
  });

  it('answers zero matches for ids that name nothing', async () => {
    const none = await bulk({ ids: [randomUUID(), 'x'], stage: 'rejected', reasonId: A_REJECTION_REASON });
    expect(none.body).toEqual({ acknowledged: true, matchedCount: 0, modifiedCount: 0, emailedCount: 0 });
  });

  it.each([
    [
      'no ids',
      { ids: undefined, stage: 'rejected', reasonId: A_REJECTION_REASON },
      'Name the applications to change (ids).',
    ],
    [
      'an empty list',
      { ids: [], stage: 'rejected', reasonId: A_REJECTION_REASON },
      'Name at least one application.',
    ],
    [
      'ids that are not a list',
      { ids: 'all', stage: 'rejected', reasonId: A_REJECTION_REASON },
      'Name the applications to change (ids).',
    ],
    ['an id that is not text', { ids: [7], stage: 'rejected', reasonId: A_REJECTION_REASON }, undefined],
    ['an unknown stage', { stage: 'archived' }, unknownStageMessage],
    [
      'more ids than allowed',
      { ids: Array.from({ length: 10_001 }, () => randomUUID()), stage: 'rejected' },
      'At most 10000 applications can be changed at once.',
    ],
  ])('refuses %s with 400, changing nothing', async (_label, body, message) => {
    const id = await apply(server, jobId);
    const refused = await bulk({ ids: [id], ...body });
    expect(refused.status).toBe(400);
    if (message) expect(refused.body.message).toBe(message);
    expect((await listedStages(server)).get(id)!.stage).toBe('new');
    expect(await stageEntries(id)).toEqual([]);
  });

  it('moves 1,000 applications in one request, each with its history entry', async () => {
    const ids = await storeApplications(server, jobId, 1000, 'thousand');
    const moved = await bulk({ ids, stage: 'rejected', reasonId: A_REJECTION_REASON });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({
      acknowledged: true,
      matchedCount: 1000,
      modifiedCount: 1000,
      emailedCount: 0,
    });
    const listed = await listedStages(server);
    expect(ids.filter((id) => listed.get(id)?.stage === 'rejected')).toHaveLength(1000);
    const [history] = await server.context.database.db
      .select({ n: count() })
      .from(auditEntries)
      .where(
        and(
          inArray(auditEntries.applicationId, ids),
          eq(auditEntries.action, 'stage'),
          eq(auditEntries.detail, 'New → Rejected (reason: Did not meet essential criteria)'),
          eq(auditEntries.actorEmail, ADMIN.email),
        ),
      );
    expect(history!.n).toBe(1000);
  });

  it('moves 1,000 applications with their replies in one request', async () => {
    const ids = await storeApplications(server, jobId, 1000, 'invited');
    const moved = await bulk({ ids, stage: 'interview', notify: true });
    expect(moved.body).toEqual({
      acknowledged: true,
      matchedCount: 1000,
      modifiedCount: 1000,
      emailedCount: 1000,
    });
    const [queued] = await server.context.database.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(inArray(emailOutbox.applicationId, ids));
    expect(queued!.n).toBe(1000);
  });

  it('is all or nothing: when the database refuses one reply mid-way, no application moves', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => apply(server, jobId)));
    const refusedAddress = (await detail(ids[2]!)).body.email as string;
    const { db } = server.context.database;
    // The database refuses the third applicant's e-mail, after the rows were moved and their
    // history written in the same transaction (as a full disk or a broken constraint would).
    await db.execute(
      sql.raw(`create function refuse_test_reply() returns trigger language plpgsql as $$
        begin
          if new.recipient = '${refusedAddress}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_test_reply before insert on email_outbox
        for each row execute function refuse_test_reply()`),
    );
    try {
      const failed = await bulk({ ids, stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ message: messages.serverError });
    } finally {
      await db.execute(sql.raw('drop trigger refuse_test_reply on email_outbox'));
      await db.execute(sql.raw('drop function refuse_test_reply()'));
    }

    const listed = await listedStages(server);
    // Only the opening above moved anything: the third was reviewed when its address was read.
    expect(ids.map((id) => listed.get(id)!.stage)).toEqual(['new', 'new', 'reviewed', 'new']);
    for (const id of ids) {
      expect((await stageEntries(id)).map((entry) => entry.detail)).not.toContain(
        'New → Rejected (reason: Did not meet essential criteria)',
      );
      expect((await stageEntries(id)).map((entry) => entry.detail)).not.toContain(
        'Reviewed → Rejected (reason: Did not meet essential criteria)',
      );
    }
    const replies = await db
      .select()
      .from(applicationReplies)
      .where(inArray(applicationReplies.applicationId, ids));
    expect(replies).toEqual([]);
    const mail = await db
      .select({ n: count() })
      .from(emailOutbox)
      .where(
        and(
          inArray(emailOutbox.applicationId, ids),
          sql`${emailOutbox.subject} like 'Your application for%'`,
        ),
      );
    expect(mail[0]!.n).toBe(0);

    // With the database willing again, the same request moves them all.
    const retried = await bulk({ ids, stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true });
    expect(retried.body).toEqual({ acknowledged: true, matchedCount: 4, modifiedCount: 4, emailedCount: 4 });
  });
});
