import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOfSize, toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { TEST_JWT_SECRET, createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { projectDir } from '../../support/server-process';
import { ADMIN, sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * With DATABASE_URL set, several instances over one PostgreSQL serve the same
 * data. Each instance here has its own data folder and the one JWT_SECRET the operator sets on
 * all of them (the test support's), so everything else they share (users, jobs, applications, CV
 * bytes) can only come through the database; the database holds no signing secret.
 */

const baseUrl = testDatabaseUrl();

const applicationBody = (jobId: string, pdf: Buffer, email = 'jane.applicant@example.com') => ({
  name: 'Jane Applicant',
  email,
  phone: '07700 900123',
  about: 'I would like to join the team.',
  jobId,
  pdfFile: toDataUrl(pdf),
});

describe.skipIf(!baseUrl)('two server instances on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!);
    a = await startTestServer({}, { databaseUrl: scratch.url });
    b = await startTestServer({}, { databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await scratch?.drop();
  });

  it('runs two instances with different data folders', () => {
    expect(a.url).not.toBe(b.url);
    expect(a.dataDir).not.toBe(b.dataDir);
    expect(a.context.database.kind).toBe('postgres');
    expect(b.context.database.kind).toBe('postgres');
    expect(a.context.config.jwtSecret).toBe(TEST_JWT_SECRET);
    expect(b.context.config.jwtSecret).toBe(TEST_JWT_SECRET);
  });

  it('refuses an instance without JWT_SECRET, naming it, before it touches the database', async () => {
    const fresh = await createScratchDatabase(baseUrl!);
    try {
      const started = startTestServer({ JWT_SECRET: '' }, { databaseUrl: fresh.url });
      await expect(started).rejects.toThrow(
        /JWT_SECRET: must be set with DATABASE_URL, to the same value on every instance/,
      );
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const migrated = await client.query(
        `select 1 from information_schema.schemata where schema_name = 'drizzle'`,
      );
      await client.end();
      expect(migrated.rowCount).toBe(0);
    } finally {
      await fresh.drop();
    }
  });

  it('accepts on B a token issued by A, and the other way round', async () => {
    const tokenFromA = await a.adminToken();
    const onB = await b.api('GET', `/admin/${ADMIN.email}`, { token: tokenFromA });
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ admin: true });
    expect((await b.api('GET', '/applications', { token: tokenFromA })).status).toBe(200);

    const tokenFromB = await b.adminToken();
    expect((await a.api('GET', '/applications', { token: tokenFromB })).status).toBe(200);
  });

  it('lists on B a job created on A, and an edit on B shows on A', async () => {
    const created = await a.api('POST', '/post', { token: await a.adminToken(), body: sampleJob() });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;

    const listed = await b.api('GET', '/all');
    expect(listed.body.map((job: { _id: string }) => job._id)).toContain(id);
    expect((await b.api('GET', `/single/${id}`, { token: await b.adminToken() })).body).toMatchObject({
      _id: id,
      postCreator: ADMIN.email,
    });

    const updated = await b.api('PUT', `/post/${id}`, {
      token: await b.adminToken(),
      body: { ctc: '£31,000' },
    });
    expect(updated.status).toBe(200);
    expect((await a.api('GET', `/single/${id}`)).body.ctc).toBe('£31,000');
  });

  it("drops A's cached job list when B changes a job (PostgreSQL NOTIFY), for visitors and pages alike", async () => {
    const ids = async (server: TestServer) =>
      ((await server.api('GET', '/all')).body as Array<{ _id: string; ctc: string }>).map((job) => job._id);
    // A has the list cached now...
    const before = await ids(a);
    const created = await b.api('POST', '/post', {
      token: await b.adminToken(),
      body: sampleJob({ jobTitle: 'Made on B' }),
    });
    const id = created.body.insertedId as string;
    expect(before).not.toContain(id);
    // ...and sees B's new job as soon as the notice arrives (a moment, not the cache's minute).
    await expect.poll(() => ids(a), { timeout: 3000, interval: 50 }).toContain(id);
    expect((await b.api('DELETE', `/post/${id}`, { token: await b.adminToken() })).status).toBe(200);
    await expect.poll(() => ids(a), { timeout: 3000, interval: 50 }).not.toContain(id);
  });

  it('downloads through B, byte for byte, a CV uploaded through A; deleting on B removes it for A', async () => {
    const job = await a.api('POST', '/post', { token: await a.adminToken(), body: sampleJob() });
    for (const pdf of [await validPdf('Scale-out CV'), await pdfOfSize(1024 * 1024)]) {
      const saved = await a.api('POST', '/applications', { body: applicationBody(job.body.insertedId, pdf) });
      expect(saved.status).toBe(201);
      const id = saved.body.insertedId as string;
      const token = await b.adminToken();

      const listed = await b.api('GET', '/applications', { token });
      expect(listed.body.find((row: { _id: string }) => row._id === id)).toMatchObject({
        hasResume: true,
        pdfFileSize: pdf.length,
      });
      const answer = await b.api('GET', `/applications/${id}/pdf`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.fileSize).toBe(pdf.length);
      expect(answer.body.pdfFile).toBe(toDataUrl(pdf));
      const raw = await fetch(`${b.url}/api/applications/${id}/cv`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(raw.status).toBe(200);
      expect(Buffer.from(await raw.arrayBuffer()).equals(pdf)).toBe(true);

      const removed = await b.api('DELETE', `/applications/${id}`, { token });
      expect(removed.status).toBe(200);
      const tokenA = await a.adminToken();
      expect((await a.api('GET', `/applications/${id}`, { token: tokenA })).status).toBe(404);
      expect((await a.api('GET', `/applications/${id}/pdf`, { token: tokenA })).status).toBe(404);
      expect((await a.api('DELETE', `/applications/${id}`, { token: tokenA })).status).toBe(404);
    }

    // The bytes lived in PostgreSQL, never in either instance's data folder, and went with the row.
    for (const server of [a, b]) {
      const cvDir = path.join(server.dataDir, 'cvs');
      expect(existsSync(cvDir) ? readdirSync(cvDir) : []).toEqual([]);
    }
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from cv_blobs');
    await client.end();
    expect(rows[0]!.n).toBe(0);
  });

  it('removes a job for A when B deletes it', async () => {
    const created = await a.api('POST', '/post', { token: await a.adminToken(), body: sampleJob() });
    const id = created.body.insertedId as string;
    expect((await b.api('DELETE', `/post/${id}`, { token: await b.adminToken() })).status).toBe(200);
    expect((await a.api('GET', `/single/${id}`)).status).toBe(404);
    expect((await a.api('GET', '/all')).body.map((job: { _id: string }) => job._id)).not.toContain(id);
  });
});

describe.skipIf(!baseUrl)(
  'two instances starting at once on a fresh PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    it('both come up, the migrations are applied once, and the database holds no signing secret', async () => {
      const scratch = await createScratchDatabase(baseUrl!);
      const started = await Promise.allSettled([
        startTestServer({}, { databaseUrl: scratch.url }),
        startTestServer({}, { databaseUrl: scratch.url }),
      ]);
      const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        for (const result of started) {
          if (result.status === 'rejected') throw result.reason;
        }
        const [first, second] = servers as [TestServer, TestServer];
        expect((await first.api('GET', '/health')).body).toMatchObject({
          status: 'ok',
          database: 'postgres',
        });
        expect((await second.api('GET', '/health')).body).toMatchObject({
          status: 'ok',
          database: 'postgres',
        });
        expect((await second.api('GET', '/all', { token: await first.adminToken() })).status).toBe(200);
        expect((await first.api('GET', '/applications', { token: await second.adminToken() })).status).toBe(
          200,
        );

        const journal = JSON.parse(
          readFileSync(path.join(projectDir, 'drizzle/meta/_journal.json'), 'utf8'),
        ) as {
          entries: unknown[];
        };
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        try {
          const migrations = await client.query<{ n: number }>(
            'select count(*)::int as n from drizzle.__drizzle_migrations',
          );
          expect(migrations.rows[0]!.n).toBe(journal.entries.length);
          const secrets = await client.query<{ n: number }>(
            `select count(*)::int as n from settings where key = 'jwt_secret'`,
          );
          expect(secrets.rows[0]!.n).toBe(0);
          const admins = await client.query<{ n: number }>(
            'select count(*)::int as n from users where email = $1',
            [ADMIN.email],
          );
          expect(admins.rows[0]!.n).toBe(1);
        } finally {
          await client.end();
        }
      } finally {
        for (const server of servers) await server.stop();
        await scratch.drop();
      }
    });
  },
);

describe.skipIf(!baseUrl)('PostgreSQL closing the server’s connections (needs TEST_DATABASE_URL)', () => {
  it('the server keeps running and answers the next requests on new connections', async () => {
    const scratch = await createScratchDatabase(baseUrl!);
    const server = await startTestServer({}, { databaseUrl: scratch.url });
    const admin = new pg.Client({ connectionString: baseUrl });
    try {
      const token = await server.adminToken();
      expect((await server.api('POST', '/post', { token, body: sampleJob() })).status).toBe(201);
      // As a restart or an administrator would: every connection to the database is closed.
      await admin.connect();
      const database = new URL(scratch.url).pathname.slice(1);
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      expect(rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await server.api('POST', '/post', { token, body: sampleJob() })).status).toBe(201);
      expect((await server.api('GET', '/applications', { token })).status).toBe(200);
    } finally {
      // The maintenance connection is this test's own, not the server's: its goodbye is not waited
      // for (after terminating backends, PostgreSQL sometimes never answers it).
      void admin.end().catch(() => undefined);
      await server.stop();
    }
    // A server of its own starts and stops here, beside the rest of the suite.
  }, 60_000);
});
