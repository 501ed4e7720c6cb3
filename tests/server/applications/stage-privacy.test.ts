import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationReplies, applications, auditEntries, emailOutbox } from '../../../src/server/db/schema';
import { purgeExpiredApplications } from '../../../src/server/privacy/retention';
import type { SubjectExport } from '../../../src/shared/privacy/privacy-contract';
import { testDatabaseUrl } from '../../support/postgres';
import { ADMIN, startTestServer, type TestServer } from '../../support/test-server';
import { A_REJECTION_REASON, apply, createJob } from '../../support/hiring';

/**
 * Stages and replies are the applicant's data too: an access request shows them, and erasure,
 * deletion and the retention purge take them with the application.
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
const DAY_MS = 86_400_000;

let server: TestServer;
let token: string;
let jobId: string;

const rowsAbout = async (ids: string[]) => {
  const { db } = server.context.database;
  return {
    replies: await db.select().from(applicationReplies).where(inArray(applicationReplies.applicationId, ids)),
    history: await db
      .select()
      .from(auditEntries)
      .where(inArray(auditEntries.applicationId, ids))
      .then((rows) => rows.filter((row) => row.action === 'stage' || row.action === 'reply')),
    mail: await db.select().from(emailOutbox).where(inArray(emailOutbox.applicationId, ids)),
  };
};

/** An application moved to Interview and then Rejected, each with its e-mail. */
async function hiredThrough(email: string): Promise<string> {
  const id = await apply(server, jobId, { name: 'Subject Person', email });
  await server.api('PUT', `/applications/${id}/stage`, { token, body: { stage: 'interview', notify: true } });
  await server.api('PUT', `/applications/${id}/stage`, {
    token,
    body: { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true },
  });
  const now = await rowsAbout([id]);
  expect(now.replies.map((row) => row.kind).sort()).toEqual(['interview', 'rejection']);
  expect(now.history.map((row) => row.detail)).toEqual(
    expect.arrayContaining([
      'New → Interview',
      'Interview → Rejected (reason: Did not meet essential criteria)',
      'Rejection',
      'Interview invitation',
    ]),
  );
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.adminToken();
  jobId = await createJob(server);
  // Sent or not, the replies' rows are what is checked; they stay queued.
  await server.context.outbox.close();
});
afterAll(async () => {
  await server?.stop();
});

describe(`stages and replies in access requests and erasure, on ${engine}`, () => {
  it("an access export holds each application's stage, the replies sent and the stage history", async () => {
    const email = 'export.subject@example.com';
    const id = await hiredThrough(email);
    const exported = await server.api('GET', `/applicants/${encodeURIComponent(email)}/export`, { token });
    expect(exported.status).toBe(200);
    const data = exported.body as SubjectExport;
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({
      _id: id,
      stage: 'rejected',
      stageChangedAt: expect.any(String),
    });
    expect(
      data.replies.map(({ applicationId, kind, actorEmail }) => ({ applicationId, kind, actorEmail })),
    ).toEqual([
      { applicationId: id, kind: 'interview', actorEmail: ADMIN.email },
      { applicationId: id, kind: 'rejection', actorEmail: ADMIN.email },
    ]);
    expect(
      data.audit
        .filter((entry) => entry.action === 'stage' || entry.action === 'reply')
        .map((entry) => entry.detail),
    ).toEqual([
      'New → Interview',
      'Interview invitation',
      'Interview → Rejected (reason: Did not meet essential criteria)',
      'Rejection',
    ]);
  });

  it('erasure removes the replies, the stage history and the e-mails with the applications', async () => {
    const email = 'erase.subject@example.com';
    const ids = [await hiredThrough(email), await hiredThrough(email)];
    const erased = await server.api('DELETE', `/applicants/${encodeURIComponent(email)}`, { token });
    expect(erased.status).toBe(200);
    expect(erased.body.deletedCount).toBe(2);
    expect(await rowsAbout(ids)).toEqual({ replies: [], history: [], mail: [] });
    const left = await server.context.database.db
      .select()
      .from(auditEntries)
      .where(or(eq(auditEntries.subjectEmail, email), inArray(auditEntries.applicationId, ids)));
    expect(left).toEqual([]);
    expect(
      (await server.api('GET', `/applicants/${encodeURIComponent(email)}/export`, { token })).status,
    ).toBe(404);
  });

  it('deleting one application takes its replies and e-mails', async () => {
    const id = await hiredThrough('delete.subject@example.com');
    expect((await server.api('DELETE', `/applications/${id}`, { token })).status).toBe(200);
    const after = await rowsAbout([id]);
    expect(after.replies).toEqual([]);
    expect(after.mail).toEqual([]);
  });

  it('the retention purge takes the replies and the stage history', async () => {
    const id = await hiredThrough('old.subject@example.com');
    await server.context.database.db
      .update(applications)
      .set({ createdAt: new Date(Date.now() - 400 * DAY_MS) })
      .where(eq(applications.id, id));
    const purged = await purgeExpiredApplications(server.context, 183);
    expect(purged.deleted).toBeGreaterThanOrEqual(1);
    expect(await rowsAbout([id])).toEqual({ replies: [], history: [], mail: [] });
  });
});
