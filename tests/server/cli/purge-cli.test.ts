import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../src/server/db/schema';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/site/privacy-notice';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { TEST_JWT_SECRET, createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { runCli } from '../../support/run-cli';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * `npm run purge` (`tsx src/server/root/cli/purge.ts`) run as a real process against the data folder
 * (PGlite) or database (PostgreSQL) of a server that stored applications, one of them expired.
 */

const DAY_MS = 86_400_000;

let cv: Buffer;
let counter = 0;

const apply = async (overrides: Record<string, unknown>, target: TestServer) => {
  counter++;
  const answer = await target.api('POST', '/applications', {
    body: {
      name: `Applicant ${counter}`,
      email: `applicant${counter}@example.com`,
      phone: '07700 900123',
      number: '07700 900123',
      pdfFile: toDataUrl(cv),
      about: `Cover letter ${counter}`,
      jobTitle: 'Customer Service Advisor',
      jobName: 'Customer Service Advisor',
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      ...overrides,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body as { success: boolean; insertedId: string; duplicate: boolean };
};

/** The CV bytes the blob store holds for an application, wherever they live. */
const storedCv = (target: TestServer, id: string) => target.context.blobs.get(id);

const backdate = (target: TestServer, id: string, days: number) =>
  target.context.database.db
    .update(applications)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(applications.id, id));

beforeAll(async () => {
  cv = await validPdf('Privacy Test CV');
});

describe('npm run purge', () => {
  let dataDir: string;
  let cwd: string;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let own: TestServer | undefined;
  let oldId: string;
  let freshId: string;

  const purge = (args: string[]) =>
    runCli('purge', args, {
      cwd,
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        // With PostgreSQL the server and the purge need one (docs/security.md#the-signing-secret).
        JWT_SECRET: databaseUrl ? TEST_JWT_SECRET : '',
        LOG_LEVEL: 'silent',
      },
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-purge-data-'));
    cwd = mkdtempSync(path.join(os.tmpdir(), 'careers-purge-cwd-'));
    const base = testDatabaseUrl();
    if (base) {
      const scratch = await createScratchDatabase(base);
      databaseUrl = scratch.url;
      drop = scratch.drop;
    }
    own = await startTestServer({}, { dataDir, databaseUrl });
    const ownToken = await own.adminToken();
    const ownJob = (await own.api('POST', '/post', { token: ownToken, body: sampleJob() })).body.insertedId;
    oldId = (await apply({ jobId: ownJob, email: 'purge.old@example.com', name: 'Olive Old' }, own))
      .insertedId;
    freshId = (await apply({ jobId: ownJob, email: 'purge.fresh@example.com' }, own)).insertedId;
    await backdate(own, oldId, 190);
  });
  afterAll(async () => {
    await own?.stop();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  });

  it('refuses to open the embedded database while the server is using it', async () => {
    if (databaseUrl) return; // PostgreSQL serves many processes at once.
    const run = await purge(['--dry-run']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/The server \(pid \d+\) is using the embedded database/);
  }, 60_000);

  it('lists in a dry run, deletes for real, and refuses unknown options', async () => {
    await own!.stop();
    own = undefined;

    expect((await purge(['--force'])).code).toBe(2);

    const dry = await purge(['--dry-run']);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`would delete`);
    expect(dry.stdout).toContain(oldId);
    expect(dry.stdout).toContain('Olive Old <purge.old@example.com>');
    expect(dry.stdout).not.toContain(freshId);
    expect(dry.stdout).toMatch(
      /Dry run: 1 application\(s\) older than 183 days would be deleted; nothing was changed\./,
    );

    const real = await purge([]);
    expect(real.code).toBe(0);
    expect(real.stdout).toContain('Deleted 1 application(s) older than 183 days');

    const again = await purge([]);
    expect(again.stdout).toMatch(/^No applications older than 183 days/);

    own = await startTestServer({}, { dataDir, databaseUrl });
    const ownToken = await own.adminToken();
    expect((await own.api('GET', `/applications/${oldId}`, { token: ownToken })).status).toBe(404);
    expect(await storedCv(own, oldId)).toBeUndefined();
    expect((await own.api('GET', `/applications/${freshId}`, { token: ownToken })).status).toBe(200);
  }, 120_000);
});
