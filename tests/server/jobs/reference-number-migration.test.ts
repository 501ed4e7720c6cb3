import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { toPublicJob } from '../../../src/shared/jobs/job-contract';
import type { Db } from '../../../src/server/db/database';
import { createJobRepository } from '../../../src/server/jobs/job-repository';
import { createJobReferenceNumbers } from '../../../src/server/jobs/job-reference-numbers';
import { indeedFeed, listedPlaces } from '../../../src/server/site/job-feeds';
import { INITDB_TIMEOUT_MS, migratedFrom, migrationEngine } from '../../support/migrated-database';

/**
 * Before this migration a job's reference number in the boards' feeds was worked out at each draw:
 * its id for a job in one place, else the id and the town's position. The migration keeps them in
 * a table, filled the first time a feed lists each job; a database migrated to the migration
 * before, with jobs as the server stored them then, is migrated on, and its first feed numbers
 * each listing as the boards already know it. On the suite's engine (PGlite in memory, or a
 * scratch PostgreSQL).
 */

const THIS_MIGRATION = 'job_reference_numbers';
const PUBLIC_URL = 'https://careers.example.co.uk';

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

const migrated = () => migratedFrom(THIS_MIGRATION, oldRows);

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

describe(`migrating to kept reference numbers on ${migrationEngine}`, () => {
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
