import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { list as listTar } from 'tar';
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
import { migrationOf } from './snapshot';

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

/**
 * Reads the whole archive into `stagingDir`, checking each entry's size and SHA-256 against the
 * manifest (and the manifest against its own digest), before anything is written anywhere else.
 * Entries are read as data and written under names of our own, never extracted as they claim to
 * be: a link, a device or a path outside is refused.
 */
export async function verifyArchive(file: string, stagingDir: string): Promise<Manifest> {
  const damaged = (why: string) =>
    new BackupError(`The archive ${file} is damaged or incomplete (${why}). Nothing was restored.`);
  if (!existsSync(file)) throw new BackupError(`There is no archive at ${file}.`);
  await fs.mkdir(stagingDir, { recursive: true, mode: 0o700 });
  await fs.mkdir(path.join(stagingDir, 'data'), { mode: 0o700 });
  await fs.mkdir(path.join(stagingDir, 'cvs'), { mode: 0o700 });
  const found = new Map<string, { size: number; sha256: string }>();
  const writes: Promise<void>[] = [];
  let refused: string | undefined;
  try {
    await listTar({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const name = entry.path;
        if (entry.type !== 'File' || !ENTRY_PATTERN.test(name) || found.has(name)) {
          refused ??= `unexpected entry ${JSON.stringify(name)}`;
          entry.resume();
          return;
        }
        const hash = createHash('sha256');
        const chunks: Buffer[] = [];
        let size = 0;
        writes.push(
          new Promise<void>((resolve, reject) => {
            entry.on('data', (chunk: Buffer) => {
              hash.update(chunk);
              size += chunk.length;
              chunks.push(chunk);
            });
            entry.on('end', () => {
              found.set(name, { size, sha256: hash.digest('hex') });
              fs.writeFile(path.join(stagingDir, name), Buffer.concat(chunks), { mode: 0o600 }).then(
                resolve,
                reject,
              );
            });
            entry.on('error', reject);
          }),
        );
      },
    });
    await Promise.all(writes);
  } catch (error) {
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  if (refused) throw damaged(refused);
  const manifestText = found.has(MANIFEST) ? await fs.readFile(path.join(stagingDir, MANIFEST), 'utf8') : '';
  const digest = found.has(MANIFEST_DIGEST)
    ? (await fs.readFile(path.join(stagingDir, MANIFEST_DIGEST), 'utf8')).trim()
    : '';
  if (!manifestText || !digest) throw damaged('no manifest');
  if (sha256(manifestText) !== digest) throw damaged('the manifest does not match its checksum');
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
  for (const entry of manifest.entries) {
    const got = found.get(entry.name);
    if (!got) throw damaged(`${entry.name} is missing`);
    if (got.size !== entry.size || got.sha256 !== entry.sha256)
      throw damaged(`${entry.name} does not match its checksum`);
  }
  const listed = new Set([MANIFEST, MANIFEST_DIGEST, ...manifest.entries.map((entry) => entry.name)]);
  for (const name of found.keys()) if (!listed.has(name)) throw damaged(`${name} is not in the manifest`);
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
  replayed: number;
}

type Row = Record<string, unknown>;
const readRows = async (stagingDir: string, table: string): Promise<Row[]> =>
  (await fs.readFile(path.join(stagingDir, dataEntry(table)), 'utf8'))
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Row);

const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

function erasedSubject(plan: ErasurePlan, email: unknown, createdAt: unknown): boolean {
  if (typeof email !== 'string') return false;
  const erasedAt = plan.subjects.get(subjectDigest(email));
  if (erasedAt === undefined) return false;
  const created = timeOf(createdAt);
  return Number.isNaN(created) || created <= erasedAt + CLOCK_SKEW_MS;
}

async function planErasures(manifest: Manifest, stagingDir: string, logs: string[]): Promise<ErasurePlan> {
  const since = Date.parse(manifest.createdAt) - REPLAY_MARGIN_MS;
  const entries = (await readErasureLog(logs)).filter((entry) => Date.parse(entry.at) >= since);
  const byApplication = new Map<string, ErasureEntry[]>();
  const subjects = new Map<string, number>();
  for (const entry of entries) {
    if (entry.application)
      byApplication.set(entry.application, [...(byApplication.get(entry.application) ?? []), entry]);
    if (entry.subject)
      subjects.set(entry.subject, Math.max(subjects.get(entry.subject) ?? 0, Date.parse(entry.at)));
  }
  const plan: ErasurePlan = {
    applications: new Set(),
    auditOf: new Set(),
    subjects,
    replayed: entries.length,
  };
  for (const row of await readRows(stagingDir, 'applications')) {
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
  if (table === 'applications') return !plan.applications.has(String(row.id));
  const application = typeof row.application_id === 'string' ? row.application_id : undefined;
  if (table === 'audit_entries')
    return !(
      (application && plan.auditOf.has(application)) ||
      erasedSubject(plan, row.subject_email, row.created_at)
    );
  if (application && plan.applications.has(application)) return false;
  if (table === 'email_outbox') return !erasedSubject(plan, row.recipient, row.created_at);
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
        const tables: RestoreResult['tables'] = [];
        for (const { name } of manifest.tables) {
          const rows = (await readRows(staging, name)).filter((row) => keep(name, row, plan));
          for (let i = 0; i < rows.length; i += INSERT_BATCH) {
            const batch = JSON.stringify(rows.slice(i, i + INSERT_BATCH));
            await db.execute(
              sql`insert into ${sql.identifier(name)} overriding system value select * from json_populate_recordset(null::${sql.identifier(name)}, ${batch}::json)`,
            );
          }
          tables.push({ name, rows: rows.length });
        }
        await resetIdentities(db);
        const cvs = manifest.cvs.filter((cv) => !plan.applications.has(cv.application));
        if (cvDir) await fs.mkdir(cvDir, { recursive: true });
        for (const { key } of cvs) {
          const bytes = await fs.readFile(path.join(staging, cvEntry(key)));
          if (cvDir) {
            const cvFile = path.join(cvDir, `${key}.pdf`);
            written.push(cvFile);
            const handle = await fs.open(cvFile, 'wx', 0o600);
            try {
              await handle.writeFile(bytes);
              await handle.sync();
            } finally {
              await handle.close();
            }
          } else {
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
    if (cvDir) digest = sha256(await fs.readFile(path.join(cvDir, `${key}.pdf`)));
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
