import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfOfSize, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { spawnServer, type ServerProcess } from '../../support/server-process';
import { ADMIN, sampleJob } from '../../support/test-server';

/**
 * An application acknowledged to the client survives SIGKILL of the real server
 * process (row and CV bytes, byte for byte), and an interrupted one leaves no half-written row
 * and, after the start-up sweep, no orphan file. Runs on the engine of the suite: PGlite with
 * CV files in DATA_DIR by default, PostgreSQL (cv_blobs) when TEST_DATABASE_URL is set.
 */

const SMALL = 24;
const LARGE = 6;
const KILL_AFTER_ACKS = 3;

const baseUrl = testDatabaseUrl();
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function call<T = any>(
  server: ServerProcess,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}/api${pathname}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function login(server: ServerProcess): Promise<string> {
  const { status, body } = await call(server, 'POST', '/login', {
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.token as string;
}

interface Submission {
  email: string;
  pdf: Buffer;
  body: Record<string, string>;
}

async function buildSubmissions(jobId: string): Promise<Submission[]> {
  const submissions: Submission[] = [];
  for (let i = 0; i < SMALL + LARGE; i++) {
    // Large ones spread through the batch so that they are being uploaded when the kill comes.
    const large = i % 5 === 2 && submissions.filter((s) => s.pdf.length > 100_000).length < LARGE;
    const pdf = large ? await pdfOfSize(1024 * 1024 + i * 13) : await validPdf(`Applicant ${i} - CV`);
    const email = `applicant${i}@example.com`;
    submissions.push({
      email,
      pdf,
      body: {
        name: `Applicant ${i}`,
        email,
        phone: `07700 900${String(i).padStart(3, '0')}`,
        about: `Cover letter number ${i}.`,
        jobId,
        pdfFile: toDataUrl(pdf),
      },
    });
  }
  return submissions;
}

describe(`durability on ${engine}: SIGKILL of the real server while applications are in flight`, () => {
  it('keeps every acknowledged application with its exact CV and leaves nothing half-written', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careers-durability-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const scratch = baseUrl ? await createScratchDatabase(baseUrl) : undefined;
    if (scratch) cleanups.push(() => scratch.drop());
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The whole batch comes from one loopback address: lift the per-minute limit for it.
      RATE_LIMIT_APPLICATIONS_PER_MINUTE: '1000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };

    // First life: a job, then a burst of applications, killed after the first acknowledgements.
    const first = await spawnServer(env);
    cleanups.push(() => first.kill().then(() => undefined));
    const token = await login(first);
    const job = await call(first, 'POST', '/post', { token, body: sampleJob() });
    expect(job.status).toBe(201);
    const jobId = job.body.insertedId as string;
    const submissions = await buildSubmissions(jobId);

    const acknowledged = new Map<string, Submission>();
    let unsettledAtKill = -1;
    let unsettled = submissions.length;
    const outcomes = await Promise.allSettled(
      submissions.map(async (submission) => {
        try {
          const response = await fetch(`${first.url}/api/applications`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(submission.body),
          });
          const text = await response.text();
          // Anything but 201 is a failure of the test's own set-up (a 429 would hide the point).
          if (response.status !== 201) throw new Error(`answered ${response.status}: ${text}`);
          const { insertedId } = JSON.parse(text) as { insertedId: string };
          acknowledged.set(insertedId, submission);
          if (acknowledged.size === KILL_AFTER_ACKS) {
            unsettledAtKill = unsettled - 1;
            first.child.kill('SIGKILL');
          }
        } finally {
          unsettled--;
        }
      }),
    );
    expect(await first.exited).toBe('SIGKILL');
    // Only connection failures caused by the kill are allowed besides acknowledgements.
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(String(outcome.reason)).not.toMatch(/answered/);
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    // The kill really came mid-load: some requests had no answer yet.
    expect(unsettledAtKill).toBeGreaterThan(0);

    // What an interrupted write can leave behind, planted so that the sweep is always exercised.
    const cvDir = path.join(dataDir, 'cvs');
    const plantedKey = randomUUID();
    if (scratch) {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      await client.query('insert into cv_blobs (key, bytes) values ($1, $2)', [
        plantedKey,
        Buffer.from('%PDF-'),
      ]);
      await client.end();
    } else {
      writeFileSync(path.join(cvDir, `${plantedKey}.pdf`), '%PDF-1.7 orphan');
      writeFileSync(path.join(cvDir, `.${randomUUID()}.${randomUUID()}.tmp`), '%PDF-1.7 half');
    }

    // Second life on the same data.
    const second = await spawnServer(env);
    cleanups.push(() => second.stop());
    const freshToken = await login(second);
    // The signing secret outlives the process (its key file, or JWT_SECRET): the first life's token still works.
    expect((await call(second, 'GET', '/applications', { token })).status).toBe(200);
    expect((await call(second, 'GET', `/single/${jobId}`)).status).toBe(200);

    const listed = await call<Array<{ _id: string; email: string; pdfFileSize: number; hasResume: boolean }>>(
      second,
      'GET',
      '/applications',
      { token: freshToken },
    );
    expect(listed.status).toBe(200);
    const listedIds = new Set(listed.body.map((application) => application._id));
    for (const id of acknowledged.keys())
      expect(listedIds.has(id), `acknowledged ${id} is listed`).toBe(true);

    // Every row, acknowledged or not, has its CV, identical to what was sent for that applicant.
    const sentByEmail = new Map(submissions.map((submission) => [submission.email, submission]));
    for (const application of listed.body) {
      const sent = sentByEmail.get(application.email);
      expect(sent, `row ${application._id} belongs to a submission`).toBeDefined();
      if (acknowledged.has(application._id)) expect(acknowledged.get(application._id)).toBe(sent);
      expect(application.hasResume).toBe(true);
      const pdf = await call(second, 'GET', `/applications/${application._id}/pdf`, { token: freshToken });
      expect(pdf.status, `CV of ${application._id}`).toBe(200);
      const bytes = Buffer.from(
        (pdf.body.pdfFile as string).replace(/^data:application\/pdf;base64,/, ''),
        'base64',
      );
      expect(bytes.equals(sent!.pdf), `CV of ${application.email} is byte-identical`).toBe(true);
      expect(pdf.body.fileSize).toBe(sent!.pdf.length);
      expect(application.pdfFileSize).toBe(sent!.pdf.length);
    }

    // After the start-up sweep: exactly one stored CV per row, no orphans, no temporary files.
    const storedKeys = async (): Promise<string[]> => {
      if (scratch) {
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ key: string }>('select key from cv_blobs');
          return rows.map((row) => row.key);
        } finally {
          await client.end();
        }
      }
      return readdirSync(cvDir);
    };
    const expected = [...listedIds].map((id) => (scratch ? id : `${id}.pdf`)).sort();
    const deadline = Date.now() + 5000;
    let stored = (await storedKeys()).sort();
    while (JSON.stringify(stored) !== JSON.stringify(expected) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = (await storedKeys()).sort();
    }
    expect(stored).toEqual(expected);

    if (scratch) {
      // And from the database's side: no application row points at a missing blob.
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from applications a left join cv_blobs b on b.key = a.cv_key where b.key is null',
      );
      await client.end();
      expect(rows[0]!.n).toBe(0);
    }

    console.info(
      `[durability/${engine}] ${submissions.length} sent, ${acknowledged.size} acknowledged, ` +
        `${unsettledAtKill} unanswered at the kill, ${listedIds.size} stored after restart`,
    );
  }, 240_000);
});
