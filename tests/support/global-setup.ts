import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { defaultSeed, writePgliteSeed } from '../../src/server/db/pglite-seed';

/** Every test server starts its PGlite from the build's seed; make it once if the build has not. */
export default async function setup(): Promise<void> {
  const seed = defaultSeed();
  if (existsSync(seed)) return;
  mkdirSync(path.dirname(seed), { recursive: true });
  await writePgliteSeed(seed);
}
