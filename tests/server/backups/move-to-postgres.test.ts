import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/site/privacy-notice';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { runCli } from '../../support/run-cli';
import { sampleJob, startTestServer } from '../../support/test-server';
import { A_REJECTION_REASON } from '../../support/hiring';

/**
 * `npm run admin -- move-to-postgres <url>` as a real process: a PGlite data folder with jobs,
 * applications at several stages, notes, a reply, private links and audit entries, copied into an
 * empty PostgreSQL database; a second server on that database serves the same lists, CVs and
 * private links. Needs PostgreSQL (TEST_DATABASE_URL, as `npm run test:pg` sets it).
 */

const baseUrl = testDatabaseUrl();
const PUBLIC_URL = 'https://careers.move.test';
const LINK = /https:\/\/careers\.move\.test\/my-application\/([A-Za-z0-9_-]+)/g;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const scratch = mkdtempSync(path.join(os.tmpdir(), 'careers-move-'));
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

/** The private links in the `.eml` files the embedded transport wrote, by recipient. */
const linksIn = (outbox: string): Map<string, string> => {
  const links = new Map<string, string>();
  if (!existsSync(outbox)) return links;
  for (const file of readdirSync(outbox)) {
    const text = readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
    const to = /^To: .*?([\w.+-]+@[\w.-]+)/m.exec(text)?.[1];
    const token = [...text.matchAll(LINK)][0]?.[1];
    if (to && token) links.set(to, token);
  }
  return links;
};

describe.skipIf(!baseUrl)('move to PostgreSQL', () => {
  it('copies a PGlite folder into an empty database: a server on it serves the same lists, CVs and private links', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'pglite-'));
    // A PGlite server on a data folder, whatever database the suite runs on.
    const source = await startTestServer({ DATABASE_URL: '', PUBLIC_URL }, { dataDir });
    cleanups.push(() => source.stop());
    expect(source.context.database.kind).toBe('pglite');
    const token = await source.adminToken();
    const jobs = [
      (await source.api('POST', '/post', { token, body: sampleJob() })).body.insertedId as string,
      (await source.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Claims Handler' }) })).body
        .insertedId as string,
    ];
    const applied: Array<{ id: string; email: string; cv: string }> = [];
    for (let i = 0; i < 4; i++) {
      const pdf = await validPdf(`Mover ${i}`);
      const email = `mover${i}@example.com`;
      const answer = await source.api('POST', '/applications', {
        body: {
          name: `Mover Number${i}`,
          email,
          phone: '07700 900123',
          about: `Cover letter ${i}.`,
          jobId: jobs[i % 2],
          pdfFile: toDataUrl(pdf),
          privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        },
      });
      expect(answer.status).toBe(201);
      applied.push({ id: answer.body.insertedId as string, email, cv: sha256(pdf) });
    }
    const [reviewed, rejected, noted] = applied;
    const put = (id: string, body: object) => source.api('PUT', `/applications/${id}/stage`, { token, body });
    expect((await put(reviewed!.id, { stage: 'reviewed' })).status).toBe(200);
    expect(
      (await put(rejected!.id, { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: true })).status,
    ).toBe(200);
    expect(
      (
        await source.api('POST', `/applications/${noted!.id}/notes`, {
          token,
          body: { body: 'Strong call.' },
        })
      ).status,
    ).toBe(201);
    // Opening an application writes the audit trail.
    expect((await source.api('GET', `/applications/${noted!.id}`, { token })).status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    await expect
      .poll(() => applied.every(({ email }) => linksIn(outbox).has(email)), {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(true);
    const links = linksIn(outbox);

    const snapshot = async (server: typeof source, adminToken: string) => ({
      jobs: (await server.api('GET', '/post')).body,
      applications: (await server.api('GET', '/applications', { token: adminToken })).body,
      counts: (await server.api('GET', '/applications/counts', { token: adminToken })).body,
      notes: (await server.api('GET', `/applications/${noted!.id}/notes`, { token: adminToken })).body,
      audit: (await server.api('GET', `/applications/${noted!.id}/audit`, { token: adminToken })).body,
    });
    const before = await snapshot(source, token);

    const target = await createScratchDatabase(baseUrl!);
    cleanups.push(() => target.drop());
    // The server keeps running: the copy comes from it, through its backup socket.
    const move = await runCli('admin', ['move-to-postgres', target.url], {
      cwd: scratch,
      env: { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    expect(move.stderr).toBe('');
    expect(move.code).toBe(0);
    expect(move.stdout).toMatch(
      /^Copied 4 application\(s\) with 4 CV\(s\), \d+ rows in \d+ tables from .* to PostgreSQL; counts and CV checksums match\./,
    );
    expect(move.stdout).toContain('DATABASE_URL=');

    const moved = await startTestServer({ PUBLIC_URL }, { databaseUrl: target.url });
    cleanups.push(() => moved.stop());
    expect(moved.context.database.kind).toBe('postgres');
    const movedToken = await moved.adminToken();
    const after = await snapshot(moved, movedToken);
    expect(after.jobs).toEqual(before.jobs);
    expect(after.applications).toEqual(before.applications);
    expect(after.counts).toEqual(before.counts);
    expect(after.notes).toEqual(before.notes);
    // The same trail, plus the reads just made on the source for the comparison.
    expect(after.audit.slice(0, before.audit.length)).toEqual(before.audit);
    for (const application of applied) {
      const cv = await moved.api('GET', `/applications/${application.id}/cv`, { token: movedToken });
      expect(cv.status).toBe(200);
      expect(sha256(cv.bytes)).toBe(application.cv);
      const page = await moved.api('GET', `/my-application/${links.get(application.email)}`);
      expect(page.status).toBe(200);
    }
  }, 120_000);
});
