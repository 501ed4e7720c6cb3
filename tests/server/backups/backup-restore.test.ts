import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/privacy/privacy-notice';
import { pdfOfSize, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { runCli } from '../../support/run-cli';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

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

    // Applications keep arriving, one after another, for as long as the backup runs.
    let loading = true;
    const during: Acknowledged[] = [];
    const load = (async () => {
      const pdf = await pdfOfSize(200_000);
      while (loading) {
        const acknowledged = await apply(server, pdf);
        if (acknowledged) during.push(acknowledged);
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

  it('refuses a damaged archive (a flipped byte, a cut-off file) and a target that is not empty, leaving it untouched', async () => {
    await apply(server, await validPdf('Someone'));
    const archive = path.join(scratch, 'whole.tar.gz');
    const erasureLog = path.join(scratch, 'no-erasures.jsonl');
    const backup = await runCli('admin', ['backup', archive], {
      cwd: scratch,
      env: storageEnv(server, erasureLog),
    });
    expect(backup.code, backup.stderr).toBe(0);
    const bytes = readFileSync(archive);

    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0x01;
    writeFileSync(path.join(scratch, 'flipped.tar.gz'), flipped);
    writeFileSync(path.join(scratch, 'truncated.tar.gz'), bytes.subarray(0, Math.floor(bytes.length * 0.7)));

    const target = await emptyTarget();
    for (const damaged of ['flipped.tar.gz', 'truncated.tar.gz']) {
      const run = await runCli('admin', ['restore', path.join(scratch, damaged)], {
        cwd: scratch,
        env: storageEnv(target, erasureLog),
      });
      expect(run.code, run.stdout).toBe(1);
      expect(run.stderr).toMatch(
        /^The archive .* is damaged or incomplete \(.+\)\. Nothing was restored\.\n$/,
      );
    }
    // Untouched: the same target still takes the sound archive.
    const sound = await runCli('admin', ['restore', archive], {
      cwd: scratch,
      env: storageEnv(target, erasureLog),
    });
    expect(sound.stderr).toBe('');
    expect(sound.code).toBe(0);

    // Now it holds data: a second restore is refused, and changes nothing.
    const again = await runCli('admin', ['restore', archive], {
      cwd: scratch,
      env: storageEnv(target, erasureLog),
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      baseUrl
        ? /^The database is not empty \(rows in .*\)\. Restore into an empty database, or drop this one first\. Nothing was changed\.\n$/
        : /^The data folder .* is not empty \(db\/ holds data\)\. .* Nothing was changed\.\n$/,
    );
  }, 120_000);
});
