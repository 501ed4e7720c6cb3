import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/database';
import { defaultSeed } from '../../../src/server/db/pglite-seed';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/site/privacy-notice';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { spawnServer, type ServerProcess } from '../../support/server-process';
import { ADMIN, sampleJob, startTestServer } from '../../support/test-server';

/**
 * What another account on the machine can reach of the server's files (docs/security.md#file-
 * permissions). The attack this answers: the data folder was created 0755 and PGlite's files 0666,
 * so any local account read the write-ahead log, took the token-signing secret from it and signed
 * itself an administrator's token. Here the real server is started under umask 000, the loosest a
 * careless service manager could give it, and every file and folder it made is checked with stat
 * and read as `nobody`; an install from an older version is made private at its next start; and a
 * data folder or erasure log another account owns or shares is refused. The tests run as root,
 * which owns what the server makes; `nobody` stands for the other account.
 */

const baseUrl = testDatabaseUrl();
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;

const scratch = mkdtempSync(path.join(os.tmpdir(), 'careers-modes-'));
// Anyone may pass through to what the server makes inside, as through /srv or a home folder.
chmodSync(scratch, 0o755);
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

/** Every path under `root` (itself included) with its permission bits, links and sockets aside. */
function modesUnder(root: string): Array<{ file: string; mode: number; folder: boolean }> {
  const found: Array<{ file: string; mode: number; folder: boolean }> = [];
  const visit = (file: string) => {
    const stat = lstatSync(file);
    if (stat.isSymbolicLink() || stat.isSocket()) return;
    found.push({ file, mode: stat.mode & 0o7777, folder: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name));
  };
  visit(root);
  return found;
}

/** The paths whose mode is not 0700 (folders) or 0600 (files), as `path mode` lines. */
const notPrivate = (root: string) =>
  modesUnder(root)
    .filter(({ mode, folder }) => mode !== (folder ? 0o700 : 0o600))
    .map(({ file, mode }) => `${path.relative(root, file) || '.'} ${mode.toString(8)}`);

/** Reads `file` as the account `nobody`: answers what it printed, or the refusal. */
const readAsNobody = (file: string) => {
  const run = spawnSync('runuser', ['-u', 'nobody', '--', 'cat', file], { encoding: 'utf8' });
  return { ok: run.status === 0, stdout: run.stdout, stderr: run.stderr };
};

async function call(server: ServerProcess, method: string, pathname: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}/api${pathname}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A storage of its own: a data folder path (not made yet) and, on PostgreSQL, a database. */
async function ownStorage(name: string): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = path.join(scratch, name);
  if (!baseUrl) return { dataDir, env: { DATA_DIR: dataDir } };
  const database = await createScratchDatabase(baseUrl);
  cleanups.push(() => database.drop());
  return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: database.url } };
}

describe.skipIf(!asRoot)(`file permissions on ${engine} (needs root, to act as another account)`, () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    const storage = await ownStorage('fresh');
    dataDir = storage.dataDir;
    server = await spawnServer(
      { ...storage.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      120_000,
      { umask: 0o000 },
    );
    cleanups.push(() => server.stop());
    // Something of each kind the server keeps: a CV, sent e-mails, an erasure.
    const login = await call(server, 'POST', '/login', { email: ADMIN.email, password: ADMIN.password });
    const token = login.body.token as string;
    const job = await call(server, 'POST', '/post', sampleJob(), token);
    for (const who of ['kept', 'erased']) {
      const applied = await call(server, 'POST', '/applications', {
        name: `Applicant ${who}`,
        email: `${who}@example.com`,
        phone: '07700 900123',
        about: 'I would like to join the team.',
        jobId: job.body.insertedId,
        pdfFile: toDataUrl(await validPdf(`CV of ${who}`)),
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      });
      expect(applied.status).toBe(201);
    }
    expect((await call(server, 'DELETE', '/applicants/erased@example.com', undefined, token)).status).toBe(
      200,
    );
  }, 120_000);

  it('makes every folder 0700 and every file 0600, its database included, even under umask 000', async () => {
    await expect
      .poll(() => readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml')).length)
      .toBeGreaterThan(0);
    // Stopped: what PGlite writes while it runs and as it closes is there too.
    await server.stop();
    const made = modesUnder(dataDir).map(({ file }) => path.relative(dataDir, file));
    expect(made).toEqual(expect.arrayContaining(['outbox', 'erasure-log.jsonl']));
    if (!baseUrl) {
      expect(made).toEqual(expect.arrayContaining(['db', 'cvs', 'control', 'token-signing.key']));
      expect(made.filter((file) => file.startsWith('db/')).length).toBeGreaterThan(500);
    }
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('lets another account read nothing: not the folder, not a file in it', () => {
    const listing = spawnSync('runuser', ['-u', 'nobody', '--', 'ls', dataDir], { encoding: 'utf8' });
    expect(listing.status).not.toBe(0);
    expect(listing.stderr).toMatch(/Permission denied/);
    const files = modesUnder(dataDir).filter(({ folder }) => !folder);
    const samples = [
      ...files.filter(({ file }) => /\/(pg_wal|base)\//.test(file)).slice(0, 2),
      ...files.filter(({ file }) => /\.(eml|pdf|key|jsonl)$/.test(file)),
    ];
    expect(samples.length).toBeGreaterThan(2);
    for (const { file } of samples) {
      const read = readAsNobody(file);
      expect(read.ok, file).toBe(false);
      expect(read.stderr, file).toMatch(/Permission denied/);
    }
  });

  it.skipIf(baseUrl)('keeps the token-signing secret out of the database and its log', () => {
    const secret = readFileSync(path.join(dataDir, 'token-signing.key'), 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    for (const { file, folder } of modesUnder(path.join(dataDir, 'db'))) {
      if (!folder) expect(readFileSync(file).includes(secret), file).toBe(false);
    }
  });
});

describe.skipIf(baseUrl)('the embedded database while it runs', () => {
  it('keeps the files it creates after the start private too (a new table, a file it writes)', async () => {
    const dataDir = path.join(scratch, 'running');
    const database = await openDatabase({ dataDir, pgliteSeed: defaultSeed() });
    try {
      await database.db.execute(sql`create table grown (note text)`);
      await database.db.execute(sql`insert into grown values ('a new file for a new table')`);
      const { rows } = (await database.db.execute(
        sql`select pg_relation_filepath('grown') as file`,
      )) as unknown as { rows: Array<{ file: string }> };
      expect(lstatSync(path.join(dataDir, 'db', rows[0]!.file)).mode & 0o777).toBe(0o600);
      // A file PostgreSQL writes as a plain file (as it does its relation cache): PGlite's file
      // layer would make it 0644. /pglite/data is the data folder as PGlite sees it.
      await database.db.execute(sql`copy grown to '/pglite/data/exported.csv'`);
      expect(lstatSync(path.join(dataDir, 'db', 'exported.csv')).mode & 0o777).toBe(0o600);
    } finally {
      await database.close();
    }
    expect(notPrivate(dataDir)).toEqual([]);
  }, 60_000);
});

describe.skipIf(!asRoot || baseUrl)('an install from an older version (needs root)', () => {
  it('is made private at its next start, and the log says what was changed', async () => {
    const dataDir = path.join(scratch, 'older');
    const first = await startTestServer({}, { dataDir });
    await first.stop();
    // As an older version left it: folders 0755, files 0644 (PGlite's own, under umask 022).
    for (const { file, folder } of modesUnder(dataDir)) chmodSync(file, folder ? 0o755 : 0o644);
    expect(readAsNobody(path.join(dataDir, 'db', 'PG_VERSION')).ok).toBe(true);

    const server = await spawnServer({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    cleanups.push(() => server.stop());
    expect(notPrivate(dataDir)).toEqual([]);
    expect(readAsNobody(path.join(dataDir, 'db', 'PG_VERSION')).ok).toBe(false);
    // The log is written asynchronously: a line may reach the pipe after the server answers.
    await expect
      .poll(() => server.output())
      .toContain(`file permissions: ${dataDir} was open to other accounts`);
    await expect
      .poll(() => server.output())
      .toMatch(/file permissions: \d+ file\(s\) and folder\(s\) under .* are now this account's alone/);
    await server.stop();
  }, 120_000);
});

describe.skipIf(!asRoot)(`a place others own or share, refused at start (${engine}, needs root)`, () => {
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    if (!baseUrl) return;
    const database = await createScratchDatabase(baseUrl);
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
  });

  const start = (dataDir: string, env: Record<string, string> = {}) =>
    startTestServer(env, { dataDir, databaseUrl });

  it('refuses a data folder another account owns and others can read, naming the chmod that fixes it', async () => {
    const dataDir = path.join(scratch, 'theirs');
    mkdirSync(dataDir);
    chownSync(dataDir, NOBODY, NOBODY);
    chmodSync(dataDir, 0o777);
    await expect(start(dataDir)).rejects.toThrow(
      `The data folder ${dataDir} is open to other accounts (mode 0777) and belongs to another account (uid ${NOBODY}), so the server will not use it or change it. As its owner or root, run: chmod 700 ${dataDir}`,
    );
    // Nothing was written there.
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a shared folder such as /tmp as the data folder', async () => {
    const dataDir = path.join(scratch, 'shared');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o1777);
    await expect(start(dataDir)).rejects.toThrow(
      `The data folder ${dataDir} is a folder other accounts share`,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses an erasure log in a folder another account can write, and makes an open log private', async () => {
    const dataDir = path.join(scratch, 'logged');
    const shared = path.join(scratch, 'shared-logs');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    await expect(start(dataDir, { ERASURE_LOG: path.join(shared, 'erasures.jsonl') })).rejects.toThrow(
      `The erasure log's folder ${shared} is no safe place for it: it is writable by other accounts (mode 0777)`,
    );

    const own = path.join(scratch, 'own-logs');
    mkdirSync(own);
    chmodSync(own, 0o755);
    const log = path.join(own, 'erasures.jsonl');
    writeFileSync(log, '');
    chmodSync(log, 0o644);
    const server = await start(dataDir, { ERASURE_LOG: log });
    await server.stop();
    expect(lstatSync(log).mode & 0o777).toBe(0o600);
  }, 60_000);
});
