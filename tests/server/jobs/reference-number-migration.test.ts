import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { JSDOM } from 'jsdom';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { toPublicJob } from '../../../src/shared/jobs/job-contract';
import type { Db } from '../../../src/server/db/database';
import { schema } from '../../../src/server/db/schema';
import { createJobRepository } from '../../../src/server/jobs/job-repository';
import { createJobReferenceNumbers } from '../../../src/server/jobs/job-reference-numbers';
import { indeedFeed, listedPlaces } from '../../../src/server/site/job-feeds';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';

/**
 * Before this migration a job's reference number in the boards' feeds was worked out at each draw:
 * its id for a job in one place, else the id and the town's position. The migration keeps them in
 * a table, filled the first time a feed lists each job; a database migrated to the migration
 * before, with jobs as the server stored them then, is migrated on, and its first feed numbers
 * each listing as the boards already know it. On the suite's engine (PGlite in memory, or a
 * scratch PostgreSQL).
 */

const baseUrl = testDatabaseUrl();
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';
const THIS_MIGRATION = 'job_reference_numbers';
/** Creating a PGlite cluster from nothing (initdb) takes seconds of CPU, more on a busy machine. */
const INITDB_TIMEOUT_MS = 120_000;
const PUBLIC_URL = 'https://careers.example.co.uk';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The committed migrations before this one, as a folder drizzle can apply. */
function migrationsBefore(): string {
  const source = path.resolve('drizzle');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'careers-migrations-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(THIS_MIGRATION));
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    copyFileSync(path.join(source, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/** Jobs as the server stored them: in two towns, in one by its facts, by its text alone, and remote. */
const twoTowns = randomUUID();
const oneTown = randomUUID();
const textOnly = randomUUID();
const remote = randomUUID();

function oldRows(): SQL[] {
  const job = (id: string, location: string, facts: SQL) =>
    sql`insert into jobs (id, job_title, location, hours, ctc, experience, description, publish_time,
                          post_creator, locations, workplace_type, remote_country)
        values (${id}, 'Claims Handler', ${location}, 'Full time', '£25,000', '1 year', 'Claims.', 'today',
                'admin@example.com', ${facts})`;
  return [
    job(twoTowns, '', sql`'["Northampton", "Leeds"]'::jsonb, 'on-site', null`),
    job(oneTown, '', sql`'["Leeds"]'::jsonb, 'hybrid', null`),
    job(textOnly, 'Leeds or Northampton', sql`'[]'::jsonb, null, null`),
    job(remote, '', sql`'[]'::jsonb, 'remote', 'UK'`),
  ];
}

/** Migrates an empty database to the migration before, fills it, then runs every migration. */
async function migrated(): Promise<Db> {
  if (baseUrl) {
    const scratch = await createScratchDatabase(baseUrl);
    cleanups.push(() => scratch.drop());
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    cleanups.push(() => pool.end());
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: migrationsBefore() });
    for (const statement of oldRows()) await db.execute(statement);
    await migratePg(db, { migrationsFolder: path.resolve('drizzle') });
    return db as unknown as Db;
  }
  const client = await PGlite.create();
  cleanups.push(() => client.close());
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsBefore() });
  for (const statement of oldRows()) await db.execute(statement);
  await migratePglite(db, { migrationsFolder: path.resolve('drizzle') });
  return db as unknown as Db;
}

/** Each listing of the Indeed feed drawn from the database: its job and reference number. */
async function firstFeed(db: Db) {
  const now = new Date();
  const open = (await createJobRepository(db, { publish: () => undefined }).list()).map(toPublicJob);
  const references = await createJobReferenceNumbers(db).numbers(listedPlaces(open, now));
  const feed = new JSDOM(indeedFeed(open, PUBLIC_URL, now, references), { contentType: 'application/xml' });
  return [...feed.window.document.getElementsByTagName('job')].map((entry) => {
    const text = (name: string) => entry.getElementsByTagName(name)[0]!.textContent;
    return [text('requisitionid'), text('city'), text('referencenumber')];
  });
}

describe(`migrating to kept reference numbers on ${engine}`, () => {
  it(
    'numbers each job at its first feed as the boards already know it, and keeps the numbers',
    async () => {
      const db = await migrated();
      const rows = async (statement: SQL) =>
        ((await db.execute(statement)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
      expect(await rows(sql`select * from job_reference_numbers`)).toEqual([]);

      const expected = [
        [twoTowns, 'Northampton', `${twoTowns}-1`],
        [twoTowns, 'Leeds', `${twoTowns}-2`],
        [oneTown, 'Leeds', oneTown],
        [remote, 'Northampton', remote],
        // A job with no facts is listed by its text, which names no single town: one listing.
        [textOnly, 'Northampton', textOnly],
      ];
      const sorted = (rows: unknown[][]) => [...rows].sort((a, b) => String(a).localeCompare(String(b)));
      expect(sorted(await firstFeed(db))).toEqual(sorted(expected));

      const kept = await rows(sql`select job_id, place, reference from job_reference_numbers`);
      expect(kept).toHaveLength(5);
      expect(kept).toContainEqual({ job_id: twoTowns, place: 'leeds', reference: `${twoTowns}-2` });
      expect(kept).toContainEqual({ job_id: remote, place: '', reference: remote });

      // Leeds leaves the job in two towns: Northampton keeps its number.
      await db.execute(sql`update jobs set locations = '["Northampton"]'::jsonb where id = ${twoTowns}`);
      expect((await firstFeed(db)).filter(([job]) => job === twoTowns)).toEqual([
        [twoTowns, 'Northampton', `${twoTowns}-1`],
      ]);
    },
    INITDB_TIMEOUT_MS,
  );
});
