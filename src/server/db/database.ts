import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { projectRoot } from '../runtime/project-root';
import { tightenTree } from './private-files';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database =
  | { kind: 'pglite'; db: Db; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> };

const migrationsFolder = () => path.join(projectRoot(), 'drizzle');

/**
 * PGlite's own start parameters minus `-F`, which would turn fsync off: committed rows must
 * survive a power cut, not just a killed process. (Measured: no visible cost per insert.) The
 * rest sizes its shared memory, all of it resident, for the one process it serves rather than for
 * a database server: a 4 MB buffer cache (PGlite's default is 128 MB; this data is a few MB of
 * rows, CVs are files, and the operating system caches the files under it) and room for 5
 * connections instead of 100 (it has one). Together about 90 MB less resident memory; see
 * docs/operations.md#memory.
 */
const durableStartParams = (defaultStartParams: string[]) => [
  ...defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'shared_buffers=4MB',
  '-c',
  'max_connections=5',
];

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles its functions with its baseline
 * compiler (Liftoff), then recompiles the busy ones with its optimizing one (TurboFan): the
 * second copies of the code, and what compiling them takes, added about 110 MB to the resident
 * memory of a server at rest, for no visible gain in this workload (a few small queries per
 * request; the lists are cached). Set before the first PGlite compiles; it concerns WebAssembly
 * only. See docs/operations.md#memory.
 */
let baselineWasmOnly = false;
function useBaselineWasmCompilerOnly(): void {
  if (baselineWasmOnly) return;
  baselineWasmOnly = true;
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * PGlite's file layer (Emscripten's) gives every file it creates the mode PostgreSQL asked for,
 * 0666 in this build, with a chmod that no umask limits: the attack this answers read the
 * token-signing secret out of such a file (docs/security.md#file-permissions). Every mode it sets
 * from here on keeps the owner's bits only; what it made while opening is tightened by the
 * caller. Missing the hook (a PGlite that changed it) fails the start rather than leave files open.
 */
function keepPgliteFilesPrivate(module: unknown, dir: string): void {
  const fs = (module as { FS?: { doChmod?: unknown } }).FS;
  const doChmod = fs?.doChmod;
  if (!fs || typeof doChmod !== 'function') {
    throw new Error(`PGlite offers no way to keep the files of ${dir} private (FS.doChmod is missing)`);
  }
  fs.doChmod = (stream: unknown, node: unknown, mode: number, ...rest: unknown[]) =>
    doChmod.call(fs, stream, node, mode & ~0o077, ...rest) as unknown;
}

/**
 * drizzle-orm's `transaction()` on a pool (0.45.4, the latest) sends BEGIN before the `try` whose
 * `finally` gives the connection back: when BEGIN fails, as it does on a connection the database
 * closed while it sat idle in the pool (a restart, a failover, an administrator), the connection
 * is never given back. Each such failure took one of the pool's ten places for good, and the
 * server's stop waited for it forever. Here a failed BEGIN gives its connection back itself, as
 * broken, so the pool closes it; a later give-back (a drizzle that has mended this) is then a
 * no-op. The upstream report: drizzle-team/drizzle-orm#6241; see
 * docs/operations.md#when-postgresql-is-unreachable.
 */
function returnToPoolWhenBeginFails(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const answer = query(...args);
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (!(answer instanceof Promise) || typeof text !== 'string' || !/^\s*begin\b/i.test(text)) return answer;
    return answer.catch((error: unknown) => {
      const release = client.release;
      client.release = () => undefined;
      release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  }) as typeof client.query;
}

/** Any number from a fixed hash: every instance takes the same advisory lock while migrating. */
const MIGRATION_LOCK_ID = 727_274_001;

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL when a URL is given, else embedded PGlite in `<dataDir>/db` (or in memory for
 * `dataDir: null`, which tests use). Committed migrations are applied before anything else runs.
 * Only the chosen database's driver is loaded: less memory, a quicker start.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** How long a query waits for a new PostgreSQL connection before it fails. */
  connectTimeoutMs?: number;
  dataDir: string | null;
  /** The build's migrated, empty PGlite database (see pglite-seed.ts) a new database starts from. */
  pgliteSeed?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // Without a timeout, a database that stops answering (a network fault, a failover) holds every
    // request that needs a new connection until the system gives up minutes later.
    const pool = new pgDriver.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    });
    // An idle connection the database closes (a restart, a failover, an administrator) is dropped
    // from the pool and replaced by the next query; unheard, its error would end the process.
    pool.on('error', (error) => {
      console.error(`database: an idle connection was closed (${error.message}); the pool opens another`);
    });
    // So is one lost while it is lent out between statements (a transaction waiting on the
    // program, as an event's handler does): the next statement on it fails, and the pool drops it
    // when it comes back.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        console.error(`database: a connection in use was closed (${error.message})`);
      });
      returnToPoolWhenBeginFails(client);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      lock.release();
    }
    return { kind: 'postgres', db, pool, close: () => pool.end() };
  }

  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, seeds] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pglite-seed'),
  ]);
  const { copyPgliteSeed, seedArchive, seedDataFolder } = seeds;
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'db');
    const isNew = !existsSync(dir) || readdirSync(dir).length === 0;
    // Creating a cluster from nothing (initdb) costs seconds; a copy of the build's seed does not.
    if (isNew && options.pgliteSeed && existsSync(seedDataFolder(options.pgliteSeed)))
      copyPgliteSeed(options.pgliteSeed, dir);
    else mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  // In memory (tests): PGlite unpacks the seed's archive.
  const archive = !dir && options.pgliteSeed ? seedArchive(options.pgliteSeed) : undefined;
  const seed = archive && existsSync(archive) ? new Blob([readFileSync(archive)]) : undefined;
  useBaselineWasmCompilerOnly();
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(seed ? { loadDataDir: seed } : {}),
    startParams: durableStartParams(
      (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams,
    ),
  });
  if (dir) {
    keepPgliteFilesPrivate(client.Module, dir);
    tightenTree(dir);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return { kind: 'pglite', db: db as unknown as Db, close: () => client.close() };
}
