import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { auditEntries } from '../../../src/server/db/schema';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';

/**
 * The audit trail is written in batches after the request it records. A write the database turns
 * down for a while is tried again by itself, and an entry the database will never accept is
 * logged and dropped without keeping the entries around it out.
 */

let server: TestApp;
let token: string;
let jobId: string;
let cv: Buffer;
let counter = 0;
let errors: MockInstance<typeof console.error>;

const logged = () => errors.mock.calls.map((call) => call.join(' ')).join('\n');

async function apply(): Promise<{ id: string; email: string }> {
  counter++;
  const email = `audited${counter}@example.com`;
  const answer = await server.api('POST', '/applications', {
    body: {
      name: `Audited ${counter}`,
      email,
      phone: '07700 900123',
      about: 'Cover letter',
      jobId,
      pdfFile: toDataUrl(cv),
    },
  });
  expect(answer.status).toBe(201);
  return { id: answer.body.insertedId as string, email };
}

/**
 * The actions the database holds for an application (sorted: entries of one millisecond tie),
 * read around the audit trail, which would write what is waiting first.
 */
const stored = async (applicationId: string) =>
  (
    await server.context.database.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.applicationId, applicationId))
  )
    .map((row) => row.action)
    .sort();

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  cv = await validPdf('Audit Retry CV');
  jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  errors.mockRestore();
});

describe('the audit trail when the database turns a write down', () => {
  it('writes an entry whose first write failed, with no new entry coming to prompt it', async () => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { id } = await apply();
    const { db } = server.context.database;
    // The table is briefly out of reach, as in a restore or a migration under way.
    await db.execute(sql`alter table audit_entries rename to audit_entries_away`);
    try {
      expect((await server.api('GET', `/applications/${id}`, { token })).status).toBe(200);
      await expect.poll(logged, { timeout: 5000 }).toMatch(/audit trail/);
      expect(
        await db.execute(sql`select 1 from audit_entries_away where application_id = ${id}`),
      ).toMatchObject({ rows: [] });
    } finally {
      await db.execute(sql`alter table audit_entries_away rename to audit_entries`);
    }

    // Nothing else happens on the server from here on.
    await expect.poll(() => stored(id), { timeout: 10_000, interval: 200 }).toEqual(['view']);
  }, 60_000);

  it('drops the one entry the database refuses, logs it, and writes the others of its batch and after', async () => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { id, email } = await apply();
    const { audit } = server.context;
    // Recorded together, so they travel in one batch: an application id that is no UUID is
    // refused by the database every time.
    audit.record({ action: 'view', actorEmail: 'admin@example.com', subjectEmail: email, applicationId: id });
    audit.record({
      action: 'download',
      actorEmail: 'admin@example.com',
      subjectEmail: email,
      applicationId: 'not-a-uuid',
    });
    audit.record({
      action: 'preview',
      actorEmail: 'admin@example.com',
      subjectEmail: email,
      applicationId: id,
    });

    await expect.poll(() => stored(id), { timeout: 5000, interval: 100 }).toEqual(['preview', 'view']);
    expect(logged()).toMatch(/audit trail: entry dropped .*not-a-uuid/);

    // Later entries are not held behind it either; the trail an admin sees has them all (opening
    // it also reviewed it).
    expect((await server.api('GET', `/applications/${id}`, { token })).status).toBe(200);
    await expect
      .poll(() => stored(id), { timeout: 5000, interval: 100 })
      .toEqual(['preview', 'stage', 'view', 'view']);
    const trail = await server.api('GET', `/applications/${id}/audit`, { token });
    expect(trail.status).toBe(200);
    expect((trail.body as Array<{ action: string }>).map((entry) => entry.action).sort()).toEqual([
      'preview',
      'stage',
      'view',
      'view',
    ]);
  }, 60_000);
});
