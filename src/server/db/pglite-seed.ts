import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { projectRoot } from '../project-root';
import { schema } from './schema';

const migrationsFolder = () => path.join(projectRoot(), 'drizzle');

/** A fingerprint of the committed migrations: a seed made from other migrations is never used. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder())
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder(), file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the build keeps the seed of the current migrations. */
export const defaultSeedFile = (): string =>
  path.join(projectRoot(), 'dist', 'server', `pglite-seed-${migrationsFingerprint()}.tar.gz`);

/**
 * Writes a gzipped PGlite data folder with every migration applied. New databases start from it,
 * skipping PGlite's initdb, which takes several seconds of CPU.
 */
export async function writePgliteSeed(file: string): Promise<void> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    const dump = await client.dumpDataDir('gzip');
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
    renameSync(temp, file);
  } finally {
    await client.close();
  }
}
