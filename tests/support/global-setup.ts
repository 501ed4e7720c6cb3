import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { defaultSeed, writePgliteSeed } from '../../src/server/db/pglite-seed';
import { ensureTemplateDatabase, testDatabaseUrl } from './postgres';

/**
 * Every test server starts its PGlite from the build's seed; make it once if the build has not. On
 * PostgreSQL, each starts from a copy of one migrated database, made here once.
 */
export default async function setup(): Promise<void> {
  const baseUrl = testDatabaseUrl();
  if (baseUrl) await ensureTemplateDatabase(baseUrl);
  const seed = defaultSeed();
  if (existsSync(seed)) return;
  mkdirSync(path.dirname(seed), { recursive: true });
  await writePgliteSeed(seed);
}
