import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStages } from '../../../src/shared/applications/stage-contract';
import { createScratchDatabase, testDatabaseUrl } from '../../support/postgres';
import { startTestServer, type TestServer } from '../../support/test-server';
import { A_REJECTION_REASON, apply, createJob } from '../../support/hiring';

/**
 * GET /api/applications/counts, which every open admin screen polls: the numbers, the ETag that
 * makes an unchanged answer a 304, and that it follows every change at once (on this instance
 * and, on PostgreSQL, on another one).
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
const zero = Object.fromEntries(applicationStages.map((stage) => [stage, 0]));

let server: TestServer;
let token: string;
let jobId: string;

const counts = (headers: Record<string, string> = {}, target = server) =>
  target.api('GET', '/applications/counts', { token, headers });

beforeAll(async () => {
  server = await startTestServer();
  token = await server.adminToken();
  jobId = await createJob(server);
  await server.context.outbox.close();
});
afterAll(async () => {
  await server?.stop();
});

describe(`GET /api/applications/counts on ${engine}`, () => {
  it('answers zeros while there are no applications', async () => {
    const answer = await counts();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      total: 0,
      byStage: zero,
      latestCreatedAt: null,
      jobs: [],
      interviews: [],
    });
  });

  it('counts each stage and tells when the newest arrived', async () => {
    const ids = [await apply(server, jobId), await apply(server, jobId), await apply(server, jobId)];
    await server.api('PUT', `/applications/${ids[0]}/stage`, {
      token,
      body: { stage: 'rejected', reasonId: A_REJECTION_REASON },
    });
    await server.api('GET', `/applications/${ids[1]}`, { token });
    const newest = (await server.api('GET', '/applications', { token })).body[0];
    expect(newest._id).toBe(ids[2]);

    const answer = await counts();
    expect(answer.body).toEqual({
      total: 3,
      byStage: { ...zero, new: 1, reviewed: 1, rejected: 1 },
      latestCreatedAt: newest.createdAt,
      // The dashboard's pipeline reads each job's from here, not from the list of every application.
      jobs: [{ jobId, total: 3, byStage: { ...zero, new: 1, reviewed: 1, rejected: 1 } }],
      interviews: [],
    });
  });

  it('answers with an ETag, private and kept by no cache, and 304 to a client that sends it back unchanged', async () => {
    const first = await counts();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);

    const again = await counts({ 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('changes at once after a stage change, a new application and a deletion', async () => {
    const before = await counts();
    const etag = before.headers.get('etag')!;
    const id = await apply(server, jobId);

    const added = await counts({ 'if-none-match': etag });
    expect(added.status).toBe(200);
    expect(added.body.total).toBe(before.body.total + 1);
    expect(added.body.byStage.new).toBe(before.body.byStage.new + 1);
    expect(added.body.latestCreatedAt).not.toBe(before.body.latestCreatedAt);

    const bulk = await server.api('POST', '/applications/stage', {
      token,
      body: { ids: [id], stage: 'hired' },
    });
    expect(bulk.body.modifiedCount).toBe(1);
    const moved = await counts({ 'if-none-match': added.headers.get('etag')! });
    expect(moved.status).toBe(200);
    expect(moved.body.byStage).toEqual({ ...added.body.byStage, new: added.body.byStage.new - 1, hired: 1 });

    expect((await server.api('DELETE', `/applications/${id}`, { token })).status).toBe(200);
    const removed = await counts({ 'if-none-match': moved.headers.get('etag')! });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual(before.body);
  });

  it('stays a 304 when a change moves nothing', async () => {
    const id = await apply(server, jobId);
    await server.api('PUT', `/applications/${id}/stage`, { token, body: { stage: 'offer' } });
    const current = await counts();
    await server.api('PUT', `/applications/${id}/stage`, { token, body: { stage: 'offer' } });
    expect((await counts({ 'if-none-match': current.headers.get('etag')! })).status).toBe(304);
  });
});

const baseUrl = testDatabaseUrl();
describe.skipIf(!baseUrl)('counts on two instances sharing PostgreSQL (needs TEST_DATABASE_URL)', () => {
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

  it("an instance's cached counts and list follow a stage change made on the other", async () => {
    const tokenA = await a.adminToken();
    const tokenB = await b.adminToken();
    const id = await apply(a, await createJob(a));
    const seen = await b.api('GET', '/applications/counts', { token: tokenB });
    expect(seen.body.byStage.new).toBe(1);
    expect((await b.api('GET', '/applications', { token: tokenB })).body[0].stage).toBe('new');

    await a.api('PUT', `/applications/${id}/stage`, { token: tokenA, body: { stage: 'shortlisted' } });
    await expect
      .poll(
        async () => (await b.api('GET', '/applications/counts', { token: tokenB })).body.byStage.shortlisted,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    expect((await b.api('GET', '/applications', { token: tokenB })).body[0].stage).toBe('shortlisted');
  });
});
