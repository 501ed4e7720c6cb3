import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { defaultSeedFile, writePgliteSeed } from '../../src/server/db/pglite-seed';

/** Every test server starts its PGlite from the build's seed; make it once if the build has not. */
export default async function setup(): Promise<void> {
  const file = defaultSeedFile();
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  await writePgliteSeed(file);
}
