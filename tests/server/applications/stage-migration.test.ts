import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { applicationStages } from '../../../src/shared/applications/stage-contract';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { ADMIN, startTestServer, type TestServer } from '../../support/test-server';
import { A_REJECTION_REASON, apply, auditTrail, createJob } from '../../support/hiring';

/**
 * A database that holds applications from before stages existed is migrated at start: every one
 * of them is New, and has been since it arrived. Runs on the engine of the suite: an existing
 * PGlite data folder, or a PostgreSQL database, migrated up to the e-mail outbox and filled.
 */

const baseUrl = testDatabaseUrl();
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';
const DAY_MS = 86_400_000;
const LAST_BEFORE_STAGES = '0003_email_outbox';
/** Creating a PGlite cluster from nothing (initdb) takes seconds of CPU, more on a busy machine. */
const INITDB_TIMEOUT_MS = 120_000;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The committed migrations up to (and including) `last`, as a folder drizzle can apply. */
function migrationsUpTo(last: string): string {
  const source = path.resolve('drizzle');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'careers-migrations-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const index = journal.entries.findIndex((entry) => entry.tag === last);
  expect(index).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, index + 1);
  // The migrations this test is about must come after: otherwise it would test nothing.
  expect(journal.entries.map((entry) => entry.tag)).not.toContain('0004_application_stages_replies');
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    copyFileSync(path.join(source, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

const applicationId = randomUUID();
const appliedAt = new Date(Date.now() - 10 * DAY_MS);

/** An application and one audit entry as the server stored them before stages existed. */
function oldRows() {
  return [
    sql`insert into applications (id, job_title, name, email, phone, about, created_at)
        values (${applicationId}, 'Claims Handler', 'Olive Oldrow', 'olive.oldrow@example.com', '07700 900123',
                'Applied before stages.', ${appliedAt.toISOString()}::timestamptz)`,
    sql`insert into audit_entries (application_id, subject_email, actor_email, action, created_at)
        values (${applicationId}, 'olive.oldrow@example.com', ${ADMIN.email}, 'view', ${appliedAt.toISOString()}::timestamptz)`,
  ];
}

async function oldPgliteDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-old-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
  try {
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder: migrationsUpTo(LAST_BEFORE_STAGES) });
    for (const statement of oldRows()) await db.execute(statement);
  } finally {
    await client.close();
  }
  return dataDir;
}

async function oldPostgresDatabase(): Promise<string> {
  const scratch = await createScratchDatabase(baseUrl!);
  cleanups.push(() => scratch.drop());
  const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  try {
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: migrationsUpTo(LAST_BEFORE_STAGES) });
    for (const statement of oldRows()) await db.execute(statement);
  } finally {
    await pool.end();
  }
  return scratch.url;
}

async function serverOnOldData(): Promise<TestServer> {
  const server = baseUrl
    ? await startTestServer({}, { databaseUrl: await oldPostgresDatabase() })
    : await startTestServer({}, { dataDir: await oldPgliteDataDir() });
  cleanups.push(() => server.stop());
  return server;
}

describe(`migrating a database from before stages, on ${engine}`, () => {
  it(
    'makes every stored application New since it arrived, and then works as any other',
    async () => {
      const server = await serverOnOldData();
      const token = await server.adminToken();

      const [row] = (await server.api('GET', '/applications', { token })).body;
      expect(row).toMatchObject({
        _id: applicationId,
        name: 'Olive Oldrow',
        stage: 'new',
        createdAt: appliedAt.toISOString(),
        stageChangedAt: appliedAt.toISOString(),
      });
      expect((await server.api('GET', '/applications/counts', { token })).body).toEqual({
        total: 1,
        byStage: { ...Object.fromEntries(applicationStages.map((stage) => [stage, 0])), new: 1 },
        latestCreatedAt: appliedAt.toISOString(),
        // No job: an application whose job is gone is in no job's counts.
        jobs: [],
        interviews: [],
      });

      // The old trail keeps its entry, without a detail, ahead of what opening it now records.
      expect((await server.api('GET', `/applications/${applicationId}`, { token })).body.stage).toBe(
        'reviewed',
      );
      expect((await auditTrail(server, applicationId)).map(({ action, detail }) => [action, detail])).toEqual(
        [
          ['view', null],
          ['view', null],
          ['stage', 'New → Reviewed'],
        ],
      );
      const rejected = await server.api('PUT', `/applications/${applicationId}/stage`, {
        token,
        body: { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true },
      });
      expect(rejected.body).toEqual({
        acknowledged: true,
        matchedCount: 1,
        modifiedCount: 1,
        emailedCount: 1,
      });
    },
    INITDB_TIMEOUT_MS,
  );

  it.skipIf(baseUrl)(
    'a new data folder without the build seed is created and migrated from nothing',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-fresh-data-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = await startTestServer({}, { dataDir, pgliteSeed: path.join(dataDir, 'no-seed') });
      cleanups.push(() => server.stop());
      const id = await apply(server, await createJob(server));
      const token = await server.adminToken();
      expect((await server.api('GET', '/applications', { token })).body[0]).toMatchObject({
        _id: id,
        stage: 'new',
      });
      const moved = await server.api('POST', '/applications/stage', {
        token,
        body: { ids: [id], stage: 'offer' },
      });
      expect(moved.body.modifiedCount).toBe(1);
    },
    INITDB_TIMEOUT_MS,
  );
});
