import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, expect } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { schema } from '../../src/server/db/schema';
import { createScratchDatabase, testDatabaseUrl } from './postgres';

/**
 * A migration's test: a database migrated to the migration before it, filled with rows as the
 * server stored them then, and migrated on; on the suite's engine (PGlite in memory, or a scratch
 * PostgreSQL). What each test makes is removed after it.
 */

/** The suite's engine, for the tests' names. */
export const migrationEngine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
/** Creating a PGlite cluster from nothing (initdb) takes seconds of CPU, more on a busy machine. */
export const INITDB_TIMEOUT_MS = 120_000;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The committed migrations before the one whose tag ends with `migration`, as a folder drizzle can apply. */
export function migrationsBefore(migration: string): string {
  const source = path.resolve('drizzle');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'careers-migrations-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(migration));
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    copyFileSync(path.join(source, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/**
 * Migrates an empty database to the migration before `migration`, writes `oldRows` into it, then
 * runs every migration; answers the database, with the server's schema.
 */
export async function migratedFrom(migration: string, oldRows: () => SQL[]): Promise<Db> {
  const baseUrl = testDatabaseUrl();
  if (baseUrl) {
    const scratch = await createScratchDatabase(baseUrl);
    cleanups.push(() => scratch.drop());
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    cleanups.push(() => pool.end());
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: migrationsBefore(migration) });
    for (const statement of oldRows()) await db.execute(statement);
    await migratePg(db, { migrationsFolder: path.resolve('drizzle') });
    return db as unknown as Db;
  }
  const client = await PGlite.create();
  cleanups.push(() => client.close());
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsBefore(migration) });
  for (const statement of oldRows()) await db.execute(statement);
  await migratePglite(db, { migrationsFolder: path.resolve('drizzle') });
  return db as unknown as Db;
}

/** A statement's rows. */
export const rowsOf = async <T = Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
