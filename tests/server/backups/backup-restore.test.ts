import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import { create as createTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/site/privacy-notice';
import { pdfOfSize, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { runCli } from '../../support/run-cli';
import { lastJsonLine, runNode } from '../../support/run-node';
import { projectDir } from '../../support/server-process';
import type { TestApp } from '../../support/build-app';
import { assignInterviewer, assignJob, invite } from '../../support/hiring-team';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../../../src/server/runtime/supported-node';

/**
 * `npm run admin -- backup` taken from a real server while applications keep arriving over HTTP,
 * then `restore` into an empty target, both as real processes: on PGlite the backup comes from
 * the running server over its local socket, on PostgreSQL (TEST_DATABASE_URL) straight from the
 * database. A second server on the restored copy must serve every application acknowledged
 * before the backup began, with the very same CV, and nothing erased after the backup.
 */

const baseUrl = testDatabaseUrl();
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const scratch = mkdtempSync(path.join(os.tmpdir(), 'careers-backup-'));
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

let server: TestServer;
let token: string;
let jobId: string;
let counter = 0;

interface Acknowledged {
  id: string;
  email: string;
  cv: string;
}

async function apply(target: TestServer, pdf: Buffer): Promise<Acknowledged | undefined> {
  counter++;
  const email = `applicant${counter}@example.com`;
  const answer = await target.api('POST', '/applications', {
    body: {
      name: `Applicant ${counter}`,
      email,
      phone: '07700 900123',
      about: `Cover letter ${counter}`,
      jobId,
      pdfFile: toDataUrl(pdf),
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    },
  });
  if (answer.status !== 201) return undefined;
  return { id: answer.body.insertedId as string, email, cv: sha256(pdf) };
}

/** The environment the command line reads for a target: a data folder, or a database. */
const storageEnv = (target: { dataDir: string; databaseUrl?: string }, erasureLog: string) => ({
  DATA_DIR: target.dataDir,
  DATABASE_URL: target.databaseUrl ?? '',
  ERASURE_LOG: erasureLog,
  LOG_LEVEL: 'silent',
});

async function emptyTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = mkdtempSync(path.join(scratch, 'target-'));
  if (!baseUrl) return { dataDir };
  const database = await createScratchDatabase(baseUrl);
  cleanups.push(() => database.drop());
  return { dataDir, databaseUrl: database.url };
}

beforeAll(async () => {
  server = await startTestServer({}, baseUrl ? {} : { dataDir: mkdtempSync(path.join(scratch, 'source-')) });
  cleanups.push(() => server.stop());
  token = await server.adminToken();
  jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId;
}, 60_000);

describe(`backup and restore on ${engine}`, () => {
  it('keeps every application acknowledged before the backup, with its exact CV, while applications arrive; erasures after it stay erased', async () => {
    const before: Acknowledged[] = [];
    for (let i = 0; i < 6; i++) {
      const pdf = i % 3 === 0 ? await pdfOfSize(300_000 + i) : await validPdf(`Applicant CV ${i}`);
      const acknowledged = await apply(server, pdf);
      expect(acknowledged).toBeDefined();
      before.push(acknowledged!);
    }

    // Two become hires with a right-to-work check and its evidence (an image, in the CVs' store):
    // one kept, one deleted after the backup.
    const evidence = new Map<string, string>();
    for (const hire of [before[1]!, before[2]!]) {
      const moved = await server.api('PUT', `/applications/${hire.id}/stage`, {
        token,
        body: { stage: 'hired' },
      });
      expect(moved.status).toBe(200);
      const check = await server.api('PUT', `/applications/${hire.id}/right-to-work`, {
        token,
        body: { method: 'manual-document', checkedOn: '2026-01-05', followUpOn: '2027-01-05' },
      });
      expect(check.status).toBe(200);
      const image = new PNG({ width: 3, height: 2 });
      image.data.fill(hire.id.charCodeAt(0));
      const bytes = PNG.sync.write(image);
      const stored = await server.api('PUT', `/applications/${hire.id}/right-to-work/evidence`, {
        token,
        body: bytes,
        headers: { 'content-type': 'image/png' },
      });
      expect(stored.status).toBe(200);
      evidence.set(hire.id, sha256(bytes));
    }

    // A hiring team of two: one stays, one (an interviewer of an application) is removed after it.
    const staying = await invite(server as unknown as TestApp, token, 'hiring-manager', 'staying');
    const leaving = await invite(server as unknown as TestApp, token, 'interviewer', 'leaving');
    await assignJob(server as unknown as TestApp, token, staying, jobId);
    await assignInterviewer(server as unknown as TestApp, token, leaving, before[3]!.id);

    // Applications keep arriving, one after another, for as long as the backup runs.
    let loading = true;
    const during: Acknowledged[] = [];
    const load = (async () => {
      const pdf = await pdfOfSize(200_000);
      while (loading) {
        const acknowledged = await apply(server, pdf);
        if (acknowledged) during.push(acknowledged);
        // A steady trickle, as applicants arrive, rather than a flood that takes the cores the
        // backup itself needs: what is tested is that each one lands on the right side of it.
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    const archive = path.join(scratch, 'backup.tar.gz');
    const erasureLog = server.context.config.erasureLog;
    const backup = await runCli('admin', ['backup', archive], {
      cwd: scratch,
      env: storageEnv(server, erasureLog),
    });
    loading = false;
    await load;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Backup written to .* and checked: \d+ application\(s\) with \d+ CV\(s\)/);
    expect(during.length).toBeGreaterThan(0);

    // After the backup: the applicant erases everything, and an administrator deletes one.
    const [erased, deleted, ...kept] = before;
    expect((await server.api('DELETE', `/applicants/${erased!.email}`, { token })).status).toBe(200);
    expect((await server.api('DELETE', `/applications/${deleted!.id}`, { token })).status).toBe(200);
    expect(readFileSync(erasureLog, 'utf8')).not.toContain(erased!.email);
    expect((await server.api('DELETE', `/team-members/${leaving.id}`, { token })).status).toBe(200);
    expect(readFileSync(erasureLog, 'utf8')).not.toContain(leaving.id);

    const target = await emptyTarget();
    const restore = await runCli('admin', ['restore', archive], {
      cwd: scratch,
      env: storageEnv(target, erasureLog),
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/2 application\(s\) left out/);

    const restored = await startTestServer({}, target);
    cleanups.push(() => restored.stop());
    const adminToken = await restored.adminToken();
    const list = (await restored.api('GET', '/applications', { token: adminToken })).body as Array<{
      _id: string;
    }>;
    const ids = new Set(list.map((row) => row._id));
    for (const application of kept) {
      expect(ids.has(application.id), application.email).toBe(true);
      const cv = await restored.api('GET', `/applications/${application.id}/cv`, { token: adminToken });
      expect(cv.status).toBe(200);
      expect(sha256(cv.bytes)).toBe(application.cv);
    }
    // The member removed after the backup stays removed, with their assignment; the other is back.
    const members = (await restored.api('GET', '/team-members', { token: adminToken })).body as Array<{
      email: string;
    }>;
    expect(members.map((member) => member.email)).toEqual([staying.email]);
    const interviewers = await restored.api('GET', `/applications/${before[3]!.id}/interviewers`, {
      token: adminToken,
    });
    expect(interviewers.body).toEqual([]);
    // The kept hire's check and evidence are back, byte for byte.
    const hire = kept[0]!;
    const check = await restored.api('GET', `/applications/${hire.id}/right-to-work`, { token: adminToken });
    expect(check.body.check).toMatchObject({
      method: 'manual-document',
      followUpOn: '2027-01-05',
      complete: true,
    });
    const file = await restored.api('GET', `/applications/${hire.id}/right-to-work/evidence`, {
      token: adminToken,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(sha256(file.bytes)).toBe(evidence.get(hire.id));
    expect(
      (
        await restored.api('GET', `/applications/${deleted!.id}/right-to-work/evidence`, {
          token: adminToken,
        })
      ).status,
    ).toBe(404);
    expect(ids.has(erased!.id)).toBe(false);
    expect(ids.has(deleted!.id)).toBe(false);
    expect((await restored.api('GET', `/applications/${erased!.id}`, { token: adminToken })).status).toBe(
      404,
    );
    // Nothing half-written: whatever arrived during the backup is there whole, with its CV, or not at all.
    const acknowledged = new Map([...before, ...during].map((row) => [row.id, row.cv]));
    for (const { _id: id } of list) {
      expect(acknowledged.has(id), id).toBe(true);
      const cv = await restored.api('GET', `/applications/${id}/cv`, { token: adminToken });
      expect(cv.status).toBe(200);
      expect(sha256(cv.bytes)).toBe(acknowledged.get(id));
    }
  }, 120_000);

  describe('a restore that is refused', () => {
    // One backup for both tests: each then restores it through real processes of its own, which
    // on a loaded machine take most of a test's time.
    const archive = () => path.join(scratch, 'whole.tar.gz');
    const erasureLog = () => path.join(scratch, 'no-erasures.jsonl');
    beforeAll(async () => {
      await apply(server, await validPdf('Someone'));
      const backup = await runCli('admin', ['backup', archive()], {
        cwd: scratch,
        env: storageEnv(server, erasureLog()),
      });
      expect(backup.code, backup.stderr).toBe(0);
    }, 120_000);

    it('refuses a damaged archive (a flipped byte, a cut-off file), leaving the target untouched', async () => {
      const bytes = readFileSync(archive());
      const flipped = Buffer.from(bytes);
      flipped[Math.floor(flipped.length / 2)]! ^= 0x01;
      writeFileSync(path.join(scratch, 'flipped.tar.gz'), flipped);
      writeFileSync(
        path.join(scratch, 'truncated.tar.gz'),
        bytes.subarray(0, Math.floor(bytes.length * 0.7)),
      );

      const target = await emptyTarget();
      for (const damaged of ['flipped.tar.gz', 'truncated.tar.gz']) {
        const run = await runCli('admin', ['restore', path.join(scratch, damaged)], {
          cwd: scratch,
          env: storageEnv(target, erasureLog()),
        });
        expect(run.code, run.stdout).toBe(1);
        expect(run.stderr).toMatch(
          /^The archive .* is damaged or incomplete \(.+\)\. Nothing was restored\.\n$/,
        );
      }
      // Untouched: the same target still takes the sound archive.
      const sound = await runCli('admin', ['restore', archive()], {
        cwd: scratch,
        env: storageEnv(target, erasureLog()),
      });
      expect(sound.stderr).toBe('');
      expect(sound.code).toBe(0);
    }, 120_000);

    it('refuses a target that is not empty, and changes nothing', async () => {
      const target = await emptyTarget();
      const first = await runCli('admin', ['restore', archive()], {
        cwd: scratch,
        env: storageEnv(target, erasureLog()),
      });
      expect(first.code, first.stderr).toBe(0);
      const again = await runCli('admin', ['restore', archive()], {
        cwd: scratch,
        env: storageEnv(target, erasureLog()),
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        baseUrl
          ? /^The database is not empty \(rows in .*\)\. Restore into an empty database, or drop this one first\. Nothing was changed\.\n$/
          : /^The data folder .* is not empty \(db\/ holds data\)\. .* Nothing was changed\.\n$/,
      );
    }, 120_000);
  });
});

describe(`where backups are written and what a restore unpacks, on ${engine}`, () => {
  const asRoot = process.getuid?.() === 0;
  const NOBODY = 65534;

  it.skipIf(!asRoot)(
    'writes the archive as a new file of its own: a planted .partial or link is neither used nor followed, and a folder others can write is refused',
    async () => {
      const erasureLog = path.join(scratch, 'no-erasures.jsonl');
      const backup = (file: string) =>
        runCli('admin', ['backup', file], { cwd: scratch, env: storageEnv(server, erasureLog) });
      // Another account's own folder, where it hopes the archive lands.
      const theirs = path.join(scratch, 'theirs');
      mkdirSync(theirs);
      chownSync(theirs, NOBODY, NOBODY);
      const folder = mkdtempSync(path.join(scratch, 'backups-'));

      // Planted before the folder was this account's alone: a temporary file of the name an
      // earlier version used, the other account's and writable by all, and links.
      const nightly = path.join(folder, 'nightly.tar.gz');
      writeFileSync(`${nightly}.partial`, 'planted', { mode: 0o666 });
      chownSync(`${nightly}.partial`, NOBODY, NOBODY);
      chmodSync(`${nightly}.partial`, 0o666);
      symlinkSync(path.join(theirs, 'nightly.tar.gz'), nightly);
      const weekly = path.join(folder, 'weekly.tar.gz');
      symlinkSync(path.join(theirs, 'weekly.tar.gz'), `${weekly}.partial`);

      for (const file of [nightly, weekly]) {
        const run = await backup(file);
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        const written = lstatSync(file);
        expect(written.isFile()).toBe(true);
        expect(written.uid).toBe(process.getuid!());
        expect(written.mode & 0o777).toBe(0o600);
      }
      expect(readdirSync(theirs)).toEqual([]);
      expect(readFileSync(`${nightly}.partial`, 'utf8')).toBe('planted');
      // Nothing else of the backup's stays beside it.
      expect(readdirSync(folder).sort()).toEqual(
        ['nightly.tar.gz', 'nightly.tar.gz.partial', 'weekly.tar.gz', 'weekly.tar.gz.partial'].sort(),
      );

      for (const mode of [0o777, 0o1777]) {
        const shared = mkdtempSync(path.join(scratch, 'shared-'));
        chmodSync(shared, mode);
        const refused = await backup(path.join(shared, 'nightly.tar.gz'));
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(
          `The folder ${shared} is no place for a backup: it is writable by other accounts (mode ${mode.toString(8).padStart(4, '0')}), so another account could read or replace the archive.`,
        );
        expect(readdirSync(shared)).toEqual([]);
      }
    },
    120_000,
  );

  it('refuses an archive that inflates a thousand times, naming what it claims and the limit, in bounded memory', async () => {
    const INFLATED = 256 * 1024 * 1024;
    const bombs = mkdtempSync(path.join(scratch, 'bombs-'));
    // Zeros compress about a thousand times: a file of them as an entry, its sha256 computed alike.
    const build = async (name: string, claimedSize: number, inflated = INFLATED) => {
      const dir = path.join(bombs, name);
      mkdirSync(path.join(dir, 'data'), { recursive: true });
      writeFileSync(path.join(dir, 'data/users.jsonl'), '');
      // Sparse: it takes no disk.
      truncateSync(path.join(dir, 'data/users.jsonl'), inflated);
      const zeros = createHash('sha256');
      const block = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < inflated / block.length; i++) zeros.update(block);
      const manifest = `${JSON.stringify({
        format: 'careers-site-backup',
        formatVersion: 1,
        createdAt: new Date().toISOString(),
        source: 'pglite',
        migration: { count: 1, last: '0' },
        tables: [{ name: 'users', rows: 1 }],
        // A CV it does not hold: found missing only once every entry has been read.
        cvs:
          inflated === INFLATED ? [] : [{ key: '00000000-0000-4000-8000-000000000000', application: 'none' }],
        entries: [{ name: 'data/users.jsonl', size: claimedSize, sha256: zeros.digest('hex') }],
      })}\n`;
      writeFileSync(path.join(dir, 'manifest.json'), manifest);
      writeFileSync(path.join(dir, 'manifest.sha256'), `${sha256(Buffer.from(manifest))}\n`);
      const file = path.join(bombs, `${name}.tar.gz`);
      await createTar({ gzip: true, cwd: dir, portable: true, file }, [
        'manifest.json',
        'manifest.sha256',
        'data/users.jsonl',
      ]);
      rmSync(dir, { recursive: true });
      return file;
    };
    // One says what it holds; another says a few bytes and holds the same; the third holds what it
    // says, under the least a restore may always unpack, and is read to its end.
    const honest = await build('honest', INFLATED);
    // Any size past its claim makes the point; a smaller bomb spares the test a quarter of a gigabyte.
    const lying = await build('lying', 100, 16 * 1024 * 1024);
    const STREAMED = 60 * 1024 * 1024;
    const streamed = await build('streamed', STREAMED, STREAMED);
    expect(readFileSync(honest).length * 900).toBeLessThan(INFLATED);

    const target = mkdtempSync(path.join(scratch, 'bombed-'));
    const commands = pathToFileURL(path.join(projectDir, 'src/server/backups/backup-commands.ts')).href;
    const run = runNode(
      `
const { restoreBackup } = await import(${JSON.stringify(commands)});
// The peak so far (loading the code took more than it holds now): what the restores may raise.
const before = process.resourceUsage().maxRSS * 1024;
const refusals = [];
for (const file of ${JSON.stringify([honest, lying, streamed])}) {
  refusals.push(await restoreBackup({ dataDir: ${JSON.stringify(target)}, databaseUrl: undefined }, file, []).then(
    () => 'restored',
    (error) => error.message,
  ));
}
console.log(JSON.stringify({ refusals, grewBy: process.resourceUsage().maxRSS * 1024 - before }));
`,
      // With the V8 and C library settings the admin tool runs restores with (it restarts itself
      // with them): without the C library's, what the unpacking freed could stay in its arenas.
      { timeoutMs: 120_000, execArgv: [...SERVER_NODE_FLAGS], env: SERVER_ENVIRONMENT },
    );
    expect(run.stderr).toBe('');
    const { refusals, grewBy } = lastJsonLine<{ refusals: string[]; grewBy: number }>(run.stdout);
    expect(refusals[0]).toMatch(
      /^The archive .*honest\.tar\.gz says it holds 256 MB once unpacked, [\d,]+ times its own [\d.]+ MB; a restore unpacks at most 100 times an archive's size \(64 MB here\), so it is refused\. Nothing was restored\.$/,
    );
    expect(refusals[1]).toMatch(
      /^The archive .*lying\.tar\.gz is damaged or incomplete \(data\/users\.jsonl holds more than the manifest says\)\. Nothing was restored\.$/,
    );
    expect(refusals[2]).toMatch(
      /^The archive .*streamed\.tar\.gz is damaged or incomplete \(cvs\/0{8}-0{4}-4000-8000-0{12}\.pdf is missing\)\. Nothing was restored\.$/,
    );
    // Under half of what the last one held: nothing was held whole. (It grew 8-16 MB in runs on
    // this 2-core machine, more under the suite's load, as the heap's collections fall.)
    expect(grewBy).toBeLessThan(STREAMED / 2);
    // Nothing unpacked stays behind, and the target is as empty as it was.
    expect(existsSync(path.join(target, 'db'))).toBe(false);
    expect(readdirSync(path.join(target, 'control'))).toEqual([]);
  }, 180_000);
});
