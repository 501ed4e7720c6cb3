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
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';

/**
 * The Team screen shows each invitation as invited, accepted or expired, which the accounts did not
 * keep before. A database migrated to the migration before, with members as the server stored
 * them then (one who joined, one whose link still works, one whose link ran out), is migrated on;
 * on the suite's engine (PGlite in memory, or a scratch PostgreSQL).
 */

const baseUrl = testDatabaseUrl();
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';
const THIS_MIGRATION = 'invitation_state';
/** Creating a PGlite cluster from nothing (initdb) takes seconds of CPU, more on a busy machine. */
const INITDB_TIMEOUT_MS = 120_000;

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

const joined = randomUUID();
const waiting = randomUUID();
const lapsed = randomUUID();
const admin = randomUUID();

function oldRows(): SQL[] {
  const user = (id: string, label: string, role: string | null, isAdmin = false) =>
    sql`insert into users (id, email, name, password_hash, is_admin, team_role, created_at)
        values (${id}, ${`${label}@example.com`}, ${label}, 'x', ${isAdmin}, ${role}, now() - interval '10 days')`;
  const link = (userId: string, created: string, expires: string, used: string | null) =>
    sql`insert into password_resets (token_hash, user_id, created_at, expires_at, used_at)
        values (${randomUUID()}, ${userId}, now() - ${created}::interval, now() + ${expires}::interval,
                case when ${used}::text is null then null else now() - ${used}::interval end)`;
  return [
    user(joined, 'joined', 'interviewer'),
    user(waiting, 'waiting', 'hiring-manager'),
    user(lapsed, 'lapsed', 'interviewer'),
    user(admin, 'admin', null, true),
    link(joined, '9 days', '-6 days', '8 days'),
    sql`insert into account_events (user_id, kind, at) values (${joined}, 'password-reset', now() - interval '8 days')`,
    link(waiting, '1 day', '2 days', null),
    link(lapsed, '5 days', '-2 days', null),
  ];
}

type Execute = (statement: SQL) => Promise<{ rows: unknown[] }>;

/** Migrates an empty database to the migration before, fills it, then runs every migration. */
async function migrated(): Promise<Execute> {
  if (baseUrl) {
    const scratch = await createScratchDatabase(baseUrl);
    cleanups.push(() => scratch.drop());
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    cleanups.push(() => pool.end());
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: migrationsBefore() });
    for (const statement of oldRows()) await db.execute(statement);
    await migratePg(db, { migrationsFolder: path.resolve('drizzle') });
    return (statement) => db.execute(statement) as unknown as Promise<{ rows: unknown[] }>;
  }
  const client = await PGlite.create();
  cleanups.push(() => client.close());
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: migrationsBefore() });
  for (const statement of oldRows()) await db.execute(statement);
  await migratePglite(db, { migrationsFolder: path.resolve('drizzle') });
  return (statement) => db.execute(statement) as unknown as Promise<{ rows: unknown[] }>;
}

interface Row {
  id: string;
  invited_days: number | null;
  expires_days: number | null;
  accepted_days: number | null;
}

describe(`migrating the team's invitations on ${engine}`, () => {
  it(
    'dates each member’s latest invitation, marks the one who joined as accepted, and leaves administrators alone',
    async () => {
      const execute = await migrated();
      // Whole days from now (negative: ahead), so the answer does not hang on the clock.
      const days = (column: string) => sql.raw(`round(extract(epoch from now() - ${column}) / 86400)::int`);
      const { rows } = (await execute(
        sql`select id, ${days('invited_at')} as invited_days, ${days('invitation_expires_at')} as expires_days,
                   ${days('invitation_accepted_at')} as accepted_days
            from users`,
      )) as { rows: Row[] };
      const of = (id: string) => rows.find((row) => row.id === id);
      expect(of(joined)).toEqual({ id: joined, invited_days: 9, expires_days: 6, accepted_days: 8 });
      expect(of(waiting)).toEqual({ id: waiting, invited_days: 1, expires_days: -2, accepted_days: null });
      expect(of(lapsed)).toEqual({ id: lapsed, invited_days: 5, expires_days: 2, accepted_days: null });
      expect(of(admin)).toEqual({ id: admin, invited_days: null, expires_days: null, accepted_days: null });

      // The links still out for members who have not joined are invitations: they sign in when used.
      const links = await execute(sql`select user_id, purpose from password_resets order by user_id`);
      expect(links.rows).toEqual(
        expect.arrayContaining([
          { user_id: joined, purpose: 'reset' },
          { user_id: waiting, purpose: 'invitation' },
          { user_id: lapsed, purpose: 'invitation' },
        ]),
      );
    },
    INITDB_TIMEOUT_MS,
  );
});
