import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { constants as fsConstants, createReadStream, existsSync, readdirSync, statfsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Parser, type ReadEntry } from 'tar';
import {
  BACKUP_MAX_EXPANSION,
  BACKUP_MAX_MANIFEST_BYTES,
  BACKUP_MIN_UNPACK_BYTES,
} from '../../shared/limits';
import { openDatabase, type Db } from '../db/database';
import { defaultSeed } from '../db/pglite-seed';
import { serverHolding } from '../db/data-dir-lock';
import { applicationDigest, readErasureLog, subjectDigest, type ErasureEntry } from '../erasures/erasure-log';
import {
  ARCHIVE_FORMAT_VERSION,
  ENTRY_PATTERN,
  MANIFEST,
  MANIFEST_DIGEST,
  cvEntry,
  dataEntry,
  manifestSchema,
  type Manifest,
} from './archive-format';
import { migrationOf, sha256OfFile } from './snapshot';

/** A refusal with a message for the operator: a damaged archive, a target that is not empty. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string };

/** Erasures recorded up to this long before a backup began are replayed too: one may have run while it was taken. */
const REPLAY_MARGIN_MS = 60 * 60 * 1000;
/** Clocks of the database and of the servers may differ this much. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const INSERT_BATCH = 500;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A file this restore creates, never one already there, and never through a link. */
const NEW_FILE =
  fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | (fsConstants.O_NOFOLLOW ?? 0);
/** The manifest's checksum: 64 hex digits and a newline. */
const MAX_DIGEST_BYTES = 128;
/** What is read from the archive at a time: little enough that one read of a bomb stays small. */
const READ_BYTES = 64 * 1024;

const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;

/** Free bytes on the disk holding `folder`, for an unprivileged process. */
const freeBytes = (folder: string) => {
  const stats = statfsSync(folder);
  return stats.bavail * stats.bsize;
};

/** What the entries of an archive hold once unpacked, as its manifest says (the manifest aside). */
const claimedBytes = (manifest: Manifest) => manifest.entries.reduce((sum, entry) => sum + entry.size, 0);

/**
 * Reads the whole archive into `stagingDir`, checking each entry's size and SHA-256 against the
 * manifest (and the manifest against its own digest), before anything is written anywhere else.
 * Entries are read as data and written under names of our own, never extracted as they claim to
 * be: a link, a device or a path outside is refused.
 *
 * What it unpacks is bounded before it is unpacked (docs/operations.md#restore): the manifest
 * comes first and says what each entry holds, and an archive is refused when that adds up to more
 * than BACKUP_MAX_EXPANSION times its own size or than the free disk, and when an entry holds
 * more than the manifest says. Entries stream to disk as they are read, at the pace the disk
 * takes them: memory holds a few chunks, never an entry.
 */
export async function verifyArchive(file: string, stagingDir: string): Promise<Manifest> {
  const damaged = (why: string) =>
    new BackupError(`The archive ${file} is damaged or incomplete (${why}). Nothing was restored.`);
  let archiveBytes: number;
  try {
    archiveBytes = (await fs.stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(`There is no archive at ${file}.`);
    throw error;
  }
  const ceiling = Math.max(BACKUP_MAX_EXPANSION * archiveBytes, BACKUP_MIN_UNPACK_BYTES);
  await fs.mkdir(stagingDir, { recursive: true, mode: 0o700 });
  await fs.mkdir(path.join(stagingDir, 'data'), { mode: 0o700 });
  await fs.mkdir(path.join(stagingDir, 'cvs'), { mode: 0o700 });

  const found = new Map<string, { size: number; sha256: string }>();
  const texts: string[] = [];
  let claims: Map<string, number> | undefined;
  const checkManifest = (): Manifest => {
    const [manifestText = '', digest = ''] = texts;
    if (sha256(manifestText) !== digest.trim()) throw damaged('the manifest does not match its checksum');
    let manifest: Manifest;
    try {
      manifest = manifestSchema.parse(JSON.parse(manifestText));
    } catch {
      throw damaged('the manifest cannot be read');
    }
    if (manifest.formatVersion !== ARCHIVE_FORMAT_VERSION) {
      throw new BackupError(
        `The archive ${file} is in format ${manifest.formatVersion}; this version reads format ${ARCHIVE_FORMAT_VERSION}. Nothing was restored.`,
      );
    }
    const claimed = claimedBytes(manifest);
    if (claimed > ceiling) {
      throw new BackupError(
        `The archive ${file} says it holds ${megabytes(claimed)} once unpacked, ${Math.round(claimed / Math.max(archiveBytes, 1)).toLocaleString('en-GB')} times its own ${megabytes(archiveBytes)}; a restore unpacks at most ${BACKUP_MAX_EXPANSION} times an archive's size (${megabytes(ceiling)} here), so it is refused. Nothing was restored.`,
      );
    }
    const free = freeBytes(stagingDir);
    if (claimed > free) {
      throw new BackupError(
        `The archive ${file} holds ${megabytes(claimed)} once unpacked, but only ${megabytes(free)} is free where it is unpacked (${path.dirname(stagingDir)}). Free some space and try again. Nothing was restored.`,
      );
    }
    claims = new Map(manifest.entries.map((entry) => [entry.name, entry.size]));
    return manifest;
  };

  let manifest: Manifest | undefined;
  let failure: unknown;
  let failed: (error: unknown) => void = () => undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    failed = (error) => {
      failure ??= error;
      reject(failure);
    };
  });
  stopped.catch(() => undefined);
  const entries: Promise<void>[] = [];
  let current: ReadEntry | undefined;
  let position = 0;

  /** One entry: the manifest and its checksum into memory (they are small), the rest to disk. */
  const readEntry = async (entry: ReadEntry, at: number): Promise<void> => {
    const name = entry.path;
    if (entry.type !== 'File' || !ENTRY_PATTERN.test(name) || found.has(name))
      throw damaged(`unexpected entry ${JSON.stringify(name)}`);
    if (at < 2) {
      const expected = at === 0 ? MANIFEST : MANIFEST_DIGEST;
      if (name !== expected) throw damaged(`${expected} is not where it belongs, at the start`);
      const limit = at === 0 ? BACKUP_MAX_MANIFEST_BYTES : MAX_DIGEST_BYTES;
      if (entry.size > limit) throw damaged(`${name} is larger than a manifest can be`);
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      found.set(name, { size: entry.size, sha256: '' });
      texts.push(Buffer.concat(chunks).toString('utf8'));
      if (at === 1) manifest = checkManifest();
      return;
    }
    const claim = claims?.get(name);
    if (claim === undefined) throw damaged(`${name} is not in the manifest`);
    if (entry.size > claim) throw damaged(`${name} holds more than the manifest says`);
    found.set(name, { size: 0, sha256: '' });
    const hash = createHash('sha256');
    let size = 0;
    const handle = await fs.open(path.join(stagingDir, name), NEW_FILE, 0o600);
    // The stream closes the file when the entry is written, or on a failure.
    await pipeline(async function* () {
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > claim) throw damaged(`${name} holds more than the manifest says`);
        hash.update(chunk);
        yield chunk;
      }
    }, handle.createWriteStream());
    found.set(name, { size, sha256: hash.digest('hex') });
  };

  const parser = new Parser({ strict: true });
  // One entry after the other: an entry's claim is known once the manifest before it is read.
  let previous = Promise.resolve();
  parser.on('entry', (entry: ReadEntry) => {
    const at = position++;
    current = entry;
    previous = previous
      .then(() => (failure ? undefined : readEntry(entry, at)))
      .catch((error: unknown) => failed(error));
    entries.push(previous);
  });
  parser.on('error', (error: Error) => failed(damaged(error.message)));
  const parsed = new Promise<void>((resolve) => parser.on('end', () => resolve()));
  const opening = `${MANIFEST}\0`;
  try {
    // The tar inside the gzip, fed to the parser no faster than its entries are written.
    let fed = 0;
    let head: Buffer | undefined = Buffer.alloc(0);
    const feed = async (chunk: Buffer) => {
      fed += chunk.length;
      // Tar's own headers and padding come on top of what the entries hold: never twice as much.
      if (fed > 2 * ceiling) throw damaged('it holds far more than it says');
      if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), stopped]);
    };
    await pipeline(
      createReadStream(file, { highWaterMark: READ_BYTES }),
      createGunzip({ chunkSize: READ_BYTES }),
      async (tar: AsyncIterable<Buffer>) => {
        for await (const chunk of tar) {
          if (failure) return;
          if (!head) {
            await feed(chunk);
            continue;
          }
          // Anything but a plain tar opening with the manifest (another compression inside,
          // which the parser would unpack on its own) is not an archive of ours.
          head = Buffer.concat([head, chunk]);
          if (head.length < opening.length) continue;
          if (head.subarray(0, opening.length).toString('latin1') !== opening)
            throw damaged(`${MANIFEST} is not where it belongs, at the start`);
          const first = head;
          head = undefined;
          await feed(first);
        }
        if (head?.length) throw damaged(`${MANIFEST} is not where it belongs, at the start`);
        parser.end();
      },
    );
    await Promise.race([parsed, stopped]);
    await Promise.race([Promise.all(entries), stopped]);
  } catch (error) {
    failed(
      error instanceof BackupError ? error : damaged(error instanceof Error ? error.message : String(error)),
    );
  }
  if (failure) {
    // An entry read no further would otherwise wait for data that never comes.
    current?.destroy();
    throw failure;
  }
  if (!manifest) throw damaged('no manifest');
  for (const entry of manifest.entries) {
    const got = found.get(entry.name);
    if (!got) throw damaged(`${entry.name} is missing`);
    if (got.size !== entry.size || got.sha256 !== entry.sha256)
      throw damaged(`${entry.name} does not match its checksum`);
  }
  const listed = new Set([MANIFEST, MANIFEST_DIGEST, ...manifest.entries.map((entry) => entry.name)]);
  for (const table of manifest.tables)
    if (!listed.has(dataEntry(table.name))) throw damaged(`${dataEntry(table.name)} is missing`);
  for (const cv of manifest.cvs)
    if (!listed.has(cvEntry(cv.key))) throw damaged(`${cvEntry(cv.key)} is missing`);
  return manifest;
}

/** What the erasure log asks to leave out of a restore (docs/operations.md#what-a-restore-replays). */
interface ErasurePlan {
  /** Applications to leave out, with everything that belongs to them. */
  applications: Set<string>;
  /** Applications whose audit entries go too (erasures and purges; a plain deletion keeps them). */
  auditOf: Set<string>;
  /** Digest of an address -> the latest erasure of it: data about it from before then goes. */
  subjects: Map<string, number>;
  /** Ids of removed accounts: the account goes, and what refers to it as its foreign keys say. */
  accounts: Set<string>;
  /** Filled from the target database once it is migrated. */
  accountReferences: AccountReferences;
  /** Digest of an address -> when it last left the talent pool: its pool entry from before then goes. */
  poolMembers: Map<string, number>;
  /** Digests of the ids of job alerts ended since the backup: they stay ended. */
  alerts: Set<string>;
  replayed: number;
}

/**
 * Each table's columns that refer to an account, and what the database does to the row when the
 * account goes (`c` cascade, `n` set null, as pg_constraint writes it): a restore that leaves an
 * account out does the same, or the rows would not insert. Read from the target's catalogue, so
 * every module's tables are included.
 */
type AccountReferences = Map<string, { column: string; onDelete: string }[]>;

async function accountReferencesOf(db: Db): Promise<AccountReferences> {
  const { rows } = (await db.execute(sql`
    select f.relname as "table", a.attname as "column", k.confdeltype as "onDelete"
    from pg_constraint k
    join pg_class f on f.oid = k.conrelid
    join pg_class t on t.oid = k.confrelid
    join pg_namespace n on n.oid = f.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    where k.contype = 'f' and t.relname = 'users' and n.nspname = current_schema()`)) as unknown as {
    rows: Array<{ table: string; column: string; onDelete: string }>;
  };
  const references: AccountReferences = new Map();
  for (const { table, column, onDelete } of rows)
    references.set(table, [...(references.get(table) ?? []), { column, onDelete }]);
  return references;
}

type Row = Record<string, unknown>;
/** A table's rows one at a time, as the staged file holds them: never the whole table in memory. */
async function* rowsOf(stagingDir: string, table: string): AsyncGenerator<Row> {
  const lines = createInterface({
    input: createReadStream(path.join(stagingDir, dataEntry(table)), 'utf8'),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line.length > 0) yield JSON.parse(line) as Row;
}

const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

function erasedSubject(
  plan: ErasurePlan,
  email: unknown,
  createdAt: unknown,
  from: 'subjects' | 'poolMembers' = 'subjects',
): boolean {
  if (typeof email !== 'string') return false;
  const erasedAt = plan[from].get(subjectDigest(email));
  if (erasedAt === undefined) return false;
  const created = timeOf(createdAt);
  return Number.isNaN(created) || created <= erasedAt + CLOCK_SKEW_MS;
}

async function planErasures(manifest: Manifest, stagingDir: string, logs: string[]): Promise<ErasurePlan> {
  const since = Date.parse(manifest.createdAt) - REPLAY_MARGIN_MS;
  const entries = (await readErasureLog(logs)).filter((entry) => Date.parse(entry.at) >= since);
  const byApplication = new Map<string, ErasureEntry[]>();
  const subjects = new Map<string, number>();
  const removedAccounts = new Set(entries.flatMap((entry) => (entry.account ? [entry.account] : [])));
  const poolMembers = new Map<string, number>();
  for (const entry of entries) {
    if (entry.application)
      byApplication.set(entry.application, [...(byApplication.get(entry.application) ?? []), entry]);
    const latest = entry.action === 'talent-pool' ? poolMembers : subjects;
    if (entry.subject)
      latest.set(entry.subject, Math.max(latest.get(entry.subject) ?? 0, Date.parse(entry.at)));
  }
  const plan: ErasurePlan = {
    applications: new Set(),
    auditOf: new Set(),
    subjects,
    accounts: new Set(),
    accountReferences: new Map(),
    poolMembers,
    alerts: new Set(entries.flatMap((entry) => (entry.alert ? [entry.alert] : []))),
    replayed: entries.length,
  };
  if (removedAccounts.size > 0)
    for await (const row of rowsOf(stagingDir, 'users'))
      if (removedAccounts.has(applicationDigest(String(row.id)))) plan.accounts.add(String(row.id));
  for await (const row of rowsOf(stagingDir, 'applications')) {
    const id = String(row.id);
    const logged = byApplication.get(applicationDigest(id));
    if (logged) {
      plan.applications.add(id);
      if (logged.some((entry) => entry.action !== 'delete')) plan.auditOf.add(id);
    }
    if (erasedSubject(plan, row.email, row.created_at)) {
      plan.applications.add(id);
      plan.auditOf.add(id);
    }
  }
  return plan;
}

function keep(table: string, row: Row, plan: ErasurePlan): boolean {
  // An earlier version kept the token-signing secret here; it is never used again
  // (docs/security.md#the-signing-secret).
  if (table === 'settings') return row.key !== 'jwt_secret';
  if (table === 'applications') return !plan.applications.has(String(row.id));
  if (table === 'users') return !plan.accounts.has(String(row.id));
  for (const { column, onDelete } of plan.accountReferences.get(table) ?? []) {
    if (typeof row[column] !== 'string' || !plan.accounts.has(row[column])) continue;
    if (onDelete !== 'n') return false;
    row[column] = null;
  }
  const application = typeof row.application_id === 'string' ? row.application_id : undefined;
  if (table === 'audit_entries')
    return !(
      (application && plan.auditOf.has(application)) ||
      erasedSubject(plan, row.subject_email, row.created_at)
    );
  if (application && plan.applications.has(application)) return false;
  if (table === 'email_outbox') return !erasedSubject(plan, row.recipient, row.created_at);
  if (table === 'job_alerts')
    return (
      !erasedSubject(plan, row.email, row.created_at) && !plan.alerts.has(applicationDigest(String(row.id)))
    );
  if (table === 'job_alert_links') return !plan.alerts.has(applicationDigest(String(row.alert_id)));
  if (table === 'talent_pool_members')
    return !(
      erasedSubject(plan, row.email, row.created_at) ||
      erasedSubject(plan, row.email, row.created_at, 'poolMembers')
    );
  return true;
}

/** Tables in the current schema holding at least one row, read without migrating anything. */
async function nonEmptyPostgresTables(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const held: string[] = [];
    for (const { name } of rows) {
      const result = await client.query(`select 1 from "${name.replaceAll('"', '""')}" limit 1`);
      if (result.rowCount) held.push(name);
    }
    return held;
  } finally {
    await client.end();
  }
}

async function assertEmptyTarget(target: RestoreTarget): Promise<void> {
  if (target.kind === 'postgres') {
    const held = await nonEmptyPostgresTables(target.databaseUrl);
    if (held.length > 0) {
      throw new BackupError(
        `The database is not empty (rows in ${held.join(', ')}). Restore into an empty database, or drop this one first. Nothing was changed.`,
      );
    }
    return;
  }
  const holder = serverHolding(target.dataDir);
  if (holder) {
    throw new BackupError(
      `The server (pid ${holder}) is using the data folder ${target.dataDir}. Stop it, and restore into an empty folder. Nothing was changed.`,
    );
  }
  for (const part of ['db', 'cvs']) {
    const dir = path.join(target.dataDir, part);
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new BackupError(
        `The data folder ${target.dataDir} is not empty (${part}/ holds data). Restore into an empty folder: set DATA_DIR to a new one, or move this one aside. Nothing was changed.`,
      );
    }
  }
}

/**
 * The restored rows and CVs take about as much again as the staged copy, on the target's disk:
 * measured now, with the staged copy already on disk, so a target on the same disk needs room for
 * both.
 */
function assertRoomFor(file: string, manifest: Manifest, dataDir: string): void {
  const needed = claimedBytes(manifest);
  const free = freeBytes(existsSync(dataDir) ? dataDir : path.dirname(dataDir));
  if (needed > free) {
    throw new BackupError(
      `The archive ${file} holds ${megabytes(needed)} once unpacked, but only ${megabytes(free)} is left free in ${dataDir}, where it is restored to. Free some space and try again. Nothing was restored.`,
    );
  }
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows written per table. */
  tables: Array<{ name: string; rows: number }>;
  cvs: number;
  /** Entries of the erasure log considered, and applications they left out. */
  erasuresReplayed: number;
  applicationsErased: number;
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Restores an archive into an empty target: verifies every checksum first, refuses a non-empty
 * target, leaves out whatever the erasure logs erased since the backup, writes rows and CVs in one
 * transaction, and checks counts and CV checksums in the target before committing. On any
 * failure the target is left as it was found.
 */
export async function restoreArchive(
  file: string,
  target: RestoreTarget,
  options: { erasureLogs: string[]; stagingParent: string },
): Promise<RestoreResult> {
  await fs.mkdir(options.stagingParent, { recursive: true, mode: 0o700 });
  const staging = await fs.mkdtemp(path.join(options.stagingParent, '.restore-'));
  try {
    const manifest = await verifyArchive(file, staging);
    await assertEmptyTarget(target);
    if (target.kind === 'pglite') assertRoomFor(file, manifest, target.dataDir);
    const plan = await planErasures(manifest, staging, options.erasureLogs);
    const createdDbDir = target.kind === 'pglite' && !existsSync(path.join(target.dataDir, 'db'));
    const database = await openDatabase(
      target.kind === 'postgres'
        ? { databaseUrl: target.databaseUrl, dataDir: null }
        : { dataDir: target.dataDir, pgliteSeed: defaultSeed() },
    );
    const cvDir = target.kind === 'pglite' ? path.join(target.dataDir, 'cvs') : null;
    const written: string[] = [];
    try {
      const migration = await migrationOf(database.db);
      if (migration.count !== manifest.migration.count || migration.last !== manifest.migration.last) {
        throw new BackupError(
          `The archive was taken at schema migration ${manifest.migration.count}; this version is at ${migration.count}. Restore it with the version that made it, then upgrade. Nothing was restored.`,
        );
      }
      const result = await database.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        if (plan.accounts.size > 0) plan.accountReferences = await accountReferencesOf(db);
        const tables: RestoreResult['tables'] = [];
        for (const { name } of manifest.tables) {
          let batch: Row[] = [];
          let rows = 0;
          const insert = async () => {
            if (batch.length === 0) return;
            await db.execute(
              sql`insert into ${sql.identifier(name)} overriding system value select * from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(batch)}::json)`,
            );
            rows += batch.length;
            batch = [];
          };
          for await (const row of rowsOf(staging, name)) {
            if (!keep(name, row, plan)) continue;
            batch.push(row);
            if (batch.length === INSERT_BATCH) await insert();
          }
          await insert();
          tables.push({ name, rows });
        }
        await resetIdentities(db);
        const cvs = manifest.cvs.filter((cv) => !plan.applications.has(cv.application));
        if (cvDir) await fs.mkdir(cvDir, { recursive: true, mode: 0o700 });
        for (const { key } of cvs) {
          const staged = path.join(staging, cvEntry(key));
          if (cvDir) {
            const cvFile = path.join(cvDir, `${key}.pdf`);
            written.push(cvFile);
            const handle = await fs.open(cvFile, 'wx', 0o600);
            // Fsynced and closed by the stream once copied (closed on a failure).
            await pipeline(createReadStream(staged), handle.createWriteStream({ flush: true }));
          } else {
            const bytes = await fs.readFile(staged);
            await db.execute(sql`insert into cv_blobs (key, bytes) values (${key}, ${bytes})`);
          }
        }
        if (cvDir) await syncDir(cvDir);
        await checkRestored(db, manifest, tables, cvs, cvDir);
        return { tables, cvs: cvs.length };
      });
      return {
        manifest,
        ...result,
        erasuresReplayed: plan.replayed,
        applicationsErased: plan.applications.size,
      };
    } catch (error) {
      for (const cvFile of written) await fs.rm(cvFile, { force: true });
      await database.close();
      if (target.kind === 'pglite' && createdDbDir)
        await fs.rm(path.join(target.dataDir, 'db'), { recursive: true, force: true });
      throw error;
    } finally {
      await database.close().catch(() => undefined);
    }
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Identity columns continue after the highest value restored, as they would have on the source. */
async function resetIdentities(db: Db): Promise<void> {
  const { rows } = (await db.execute(
    sql`select table_name, column_name from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'`,
  )) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  for (const { table_name: table, column_name: column } of rows) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}

/** Reads back what was written: every table's count, and every CV's SHA-256 as the target holds it. */
async function checkRestored(
  db: Db,
  manifest: Manifest,
  tables: RestoreResult['tables'],
  cvs: Manifest['cvs'],
  cvDir: string | null,
): Promise<void> {
  for (const { name, rows } of tables) {
    const result = (await db.execute(
      sql`select count(*)::int as count from ${sql.identifier(name)}`,
    )) as unknown as { rows: Array<{ count: number }> };
    const count = Number(result.rows[0]?.count);
    if (count !== rows)
      throw new BackupError(`Restored ${count} rows into ${name}, expected ${rows}. Nothing was restored.`);
  }
  const expected = new Map(manifest.entries.map((entry) => [entry.name, entry.sha256]));
  for (const { key } of cvs) {
    let digest: string;
    if (cvDir) digest = (await sha256OfFile(path.join(cvDir, `${key}.pdf`))).sha256;
    else {
      const result = (await db.execute(
        sql`select encode(sha256(bytes), 'hex') as digest from cv_blobs where key = ${key}`,
      )) as unknown as { rows: Array<{ digest: string }> };
      digest = String(result.rows[0]?.digest);
    }
    if (digest !== expected.get(cvEntry(key)))
      throw new BackupError(`The CV ${key} does not match its checksum once restored. Nothing was restored.`);
  }
}
