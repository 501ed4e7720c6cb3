import { createHash, randomUUID } from 'node:crypto';
import { constants as fsConstants, createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { create as createTar } from 'tar';
import type { Database, Db } from '../db/database';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  MANIFEST,
  MANIFEST_DIGEST,
  backedUpTables,
  cvEntry,
  dataEntry,
  type Manifest,
} from './archive-format';

/** Where a backup reads from: the database, and the CV files' folder when CVs are files (PGlite). */
export interface BackupSource {
  database: Database;
  cvDir: string | null;
}

type Rows = { rows: Array<Record<string, unknown>> };
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows).rows;

/** The migrations applied to a database, as drizzle's migrator recorded them. */
export async function migrationOf(db: Db): Promise<Manifest['migration']> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as count, coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
  );
  return { count: Number(row?.count ?? 0), last: String(row?.last ?? '0') };
}

export async function sha256OfFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** The tables of the server's schema, in the order a restore writes them (archive-format.ts). */
async function tablesOf(db: Db): Promise<string[]> {
  const tables = await rowsOf(
    db,
    sql`select c.relname as "name" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')`,
  );
  const references = await rowsOf(
    db,
    sql`select f.relname as "from", t.relname as "to" from pg_constraint k
        join pg_class f on f.oid = k.conrelid join pg_class t on t.oid = k.confrelid
        join pg_namespace n on n.oid = f.relnamespace
        where k.contype = 'f' and n.nspname = current_schema()`,
  );
  return backedUpTables(
    tables.map((row) => String(row.name)),
    references.map((row) => ({ from: String(row.from), to: String(row.to) })),
  );
}

/**
 * Writes the archive's entries into `stagingDir` (which must not exist yet): the rows of every
 * table and the CVs (and right-to-work evidence files) they refer to, read in one read-only REPEATABLE READ transaction, then the
 * manifest. Rows and CVs agree: a CV file is written and fsynced before its row commits and
 * never changes after, and a CV file is linked (or copied) into the staging folder while the
 * transaction still holds the rows that name it; PGlite runs nothing else meanwhile, and on
 * PostgreSQL the CV bytes are rows of the same snapshot. Answers the manifest and the entries in
 * archive order.
 */
export async function stageBackup(
  source: BackupSource,
  stagingDir: string,
): Promise<{ manifest: Manifest; names: string[] }> {
  await fs.mkdir(path.join(stagingDir, 'data'), { recursive: true, mode: 0o700 });
  await fs.mkdir(path.join(stagingDir, 'cvs'), { mode: 0o700 });
  const createdAt = new Date().toISOString();
  const counted: Manifest['tables'] = [];
  const cvs: Manifest['cvs'] = [];
  const migration = await source.database.db.transaction(
    async (tx) => {
      const db = tx as unknown as Db;
      const tables = await tablesOf(db);
      for (const table of tables) {
        const rows = await rowsOf(db, sql.raw(`select row_to_json(t)::text as "row" from "${table}" t`));
        const lines = rows.map((row) => String(row.row));
        await fs.writeFile(
          path.join(stagingDir, dataEntry(table)),
          lines.length ? `${lines.join('\n')}\n` : '',
          { mode: 0o600 },
        );
        counted.push({ name: table, rows: lines.length });
        if (table === 'applications') {
          for (const line of lines) {
            const row = JSON.parse(line) as { id: string; cv_key: string | null };
            if (row.cv_key) cvs.push({ key: row.cv_key, application: row.id });
          }
        }
        // Right-to-work evidence lives in the CVs' store and travels as they do, under its
        // application, so a restore leaves it out with an erased application.
        // A talent pool member's CV travels the same way, under the member's id: a member left out
        // by a restore leaves a file that the orphaned-CV sweep removes at the next start.
        if (table === 'talent_pool_members') {
          for (const line of lines) {
            const row = JSON.parse(line) as { id: string; cv_key: string | null };
            if (row.cv_key) cvs.push({ key: row.cv_key, application: row.id });
          }
        }
        if (table === 'right_to_work_checks') {
          for (const line of lines) {
            const row = JSON.parse(line) as { application_id: string; evidence_key: string | null };
            if (row.evidence_key) cvs.push({ key: row.evidence_key, application: row.application_id });
          }
        }
      }
      for (const { key, application } of cvs) {
        const target = path.join(stagingDir, cvEntry(key));
        if (source.cvDir) {
          const file = path.join(source.cvDir, `${key}.pdf`);
          try {
            await fs.link(file, target);
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            if (code === 'ENOENT')
              throw new Error(`the CV of application ${application} is missing (${file})`, { cause: error });
            await fs.copyFile(file, target);
          }
        } else {
          const [row] = await rowsOf(db, sql`select bytes from cv_blobs where key = ${key}`);
          if (!row) throw new Error(`the CV of application ${application} is missing from cv_blobs`);
          await fs.writeFile(target, Buffer.from(row.bytes as Uint8Array), { mode: 0o600 });
        }
      }
      return migrationOf(db);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const names = [...counted.map(({ name }) => dataEntry(name)), ...cvs.map(({ key }) => cvEntry(key))];
  const entries: Manifest['entries'] = [];
  for (const name of names) entries.push({ name, ...(await sha256OfFile(path.join(stagingDir, name))) });
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    createdAt,
    source: source.database.kind,
    migration,
    tables: counted,
    cvs,
    entries,
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  await fs.writeFile(path.join(stagingDir, MANIFEST), manifestText, { mode: 0o600 });
  await fs.writeFile(
    path.join(stagingDir, MANIFEST_DIGEST),
    `${createHash('sha256').update(manifestText).digest('hex')}\n`,
    { mode: 0o600 },
  );
  return { manifest, names: [MANIFEST, MANIFEST_DIGEST, ...names] };
}

/**
 * Takes a backup and hands the archive's bytes to `write` (a file, or the socket to the command
 * line). The staging folder is made inside `stagingParent`, on the CV files' disk so that they
 * can be linked rather than copied, and removed afterwards.
 */
export async function streamBackup(
  source: BackupSource,
  stagingParent: string,
  write: (archive: AsyncIterable<Buffer>) => Promise<void>,
): Promise<Manifest> {
  await fs.mkdir(stagingParent, { recursive: true, mode: 0o700 });
  const stagingDir = path.join(await fs.mkdtemp(path.join(stagingParent, '.backup-')), 'archive');
  try {
    const { manifest, names } = await stageBackup(source, stagingDir);
    const pack = createTar({ gzip: true, cwd: stagingDir, portable: true, noDirRecurse: true }, names);
    await write(pack as unknown as AsyncIterable<Buffer>);
    return manifest;
  } finally {
    await fs.rm(path.dirname(stagingDir), { recursive: true, force: true });
  }
}

/** Writes the archive to `file` (mode 0600) through a temporary name, fsynced, then renamed. */
export async function backupToFile(
  source: BackupSource,
  stagingParent: string,
  file: string,
): Promise<Manifest> {
  return streamBackup(source, stagingParent, (archive) => writeFileFrom(archive, file));
}

/**
 * A new file only: created by this call (never one already there, which another account may
 * have planted and could still read), and never through a link.
 */
const NEW_FILE =
  fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | (fsConstants.O_NOFOLLOW ?? 0);

/**
 * Writes `archive` to `file`, mode 0600: into a file of a random name that this call creates
 * beside it, fsynced, then renamed onto `file`. The rename replaces whatever is at `file` (a
 * planted file or link is replaced, never written through), and the folder is fsynced after.
 * The folder must be one only this account can write (backup-commands.ts checks it): there,
 * nobody else can swap the file between the write and the rename
 * (docs/operations.md#backup).
 */
export async function writeFileFrom(archive: AsyncIterable<Buffer>, file: string): Promise<void> {
  const folder = path.dirname(file);
  const temp = path.join(folder, `.${path.basename(file)}.${randomUUID()}.partial`);
  const handle = await fs.open(temp, NEW_FILE, 0o600);
  try {
    // The stream fsyncs the file and closes it once the archive is written, or closes it on a failure.
    await pipeline(archive, handle.createWriteStream({ flush: true }));
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
