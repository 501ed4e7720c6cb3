import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../runtime/project-root';
import { tightenTree } from './private-files';
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

/**
 * Where the build keeps the seed of the current migrations: a folder holding the data folder as
 * plain files (`data`, what a new data folder starts as a copy of) and as a gzipped tar
 * (`data.tar.gz`, what an in-memory database, in tests, loads).
 */
export const defaultSeed = (): string =>
  path.join(projectRoot(), 'dist', 'server', `pglite-seed-${migrationsFingerprint()}`);

export const seedDataFolder = (seed: string): string => path.join(seed, 'data');
export const seedArchive = (seed: string): string => path.join(seed, 'data.tar.gz');

/**
 * Writes a PGlite data folder with every migration applied. New databases start from it,
 * skipping PGlite's initdb, which takes several seconds of CPU. A new data folder is a copy of
 * its files, not PGlite's unpacking of the archive: unpacking holds the whole cluster in memory,
 * which took about 100 MB the server never gave back.
 */
export async function writePgliteSeed(seed: string): Promise<void> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const temp = `${seed}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(seedDataFolder(temp), { recursive: true });
  const client = await PGlite.create({ dataDir: seedDataFolder(temp) });
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    await dropTemplateDatabases(client);
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(seedArchive(temp), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  rmSync(seed, { recursive: true, force: true });
  renameSync(temp, seed);
}

/**
 * initdb's two template databases, which only CREATE DATABASE reads and the server never runs:
 * without them a seed is 26 MB in 621 files rather than 41 MB in 1,224, and every new data folder
 * (a copy) and in-memory database (an unpacking, in tests) quicker to make
 * (docs/architecture.md#pglite-and-its-seed). The server's own database, `postgres`, is all it uses.
 */
async function dropTemplateDatabases(client: { exec(sql: string): Promise<unknown> }): Promise<void> {
  // One statement a call: several in one run as a transaction, which DROP DATABASE refuses.
  for (const name of ['template1', 'template0']) {
    await client.exec(`alter database ${name} is_template false`);
    await client.exec(`drop database ${name}`);
  }
  await client.exec('checkpoint');
}

/**
 * Makes `dir` a copy of the seed's data folder, durably: copied beside it, every file and folder
 * fsynced, then renamed into place, so a crash or a power cut part way leaves no half database
 * (the next start copies again). `dir` must not exist or be empty. The copy keeps the seed's
 * modes, which the build left readable by all (the seed holds no data, the copy soon will): it is
 * made the account's alone before it takes its place (docs/security.md#file-permissions).
 */
export function copyPgliteSeed(seed: string, dir: string): void {
  const temp = `${dir}.seeding`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
  cpSync(seedDataFolder(seed), temp, { recursive: true });
  tightenTree(temp);
  fsyncTree(temp);
  rmSync(dir, { recursive: true, force: true });
  renameSync(temp, dir);
  fsyncPath(path.dirname(dir));
}

function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function fsyncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(full);
    else fsyncPath(full);
  }
  fsyncPath(dir);
}
