import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApplicationListCache } from '../../../src/server/applications/application-list-cache';
import { createLocalChangeFeed } from '../../../src/server/db/change-feed';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob } from '../../support/test-server';
import {
  MAX_APPLICATION_PAGE,
  type ApplicationSummary,
} from '../../../src/shared/applications/application-contract';
import {
  indexApplications,
  viewApplications,
} from '../../../src/renderer/features/applications/application-filters';

let server: TestApp;
let token: string;

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
});

describe('the admin list of applications', () => {
  it('is answered from memory but shows every addition and removal at once', async () => {
    const jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId as string;
    const pdfFile = toDataUrl(await validPdf());
    const list = async () =>
      ((await server.api('GET', '/applications', { token })).body as Array<{ _id: string }>).map(
        (row) => row._id,
      );
    const apply = async (email: string) =>
      (
        await server.api('POST', '/applications', {
          body: { name: 'Cache Test', email, phone: '07700 900123', about: 'Hi', jobId, pdfFile },
        })
      ).body.insertedId as string;

    const before = await list();
    const one = await apply('cache.one@example.com');
    expect(await list()).toEqual([one, ...before]);
    const two = await apply('cache.two@example.com');
    expect(await list()).toEqual([two, one, ...before]);

    const first = await server.api('GET', '/applications', { token });
    const etag = first.headers.get('etag')!;
    const again = await server.api('GET', '/applications', { token, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // The cached answer is still behind the admin guard.
    expect((await server.api('GET', '/applications', { headers: { 'if-none-match': etag } })).status).toBe(
      401,
    );

    await server.api('DELETE', `/applications/${one}`, { token });
    expect(await list()).toEqual([two, ...before]);
    await server.api('DELETE', `/applicants/${encodeURIComponent('cache.two@example.com')}`, { token });
    expect(await list()).toEqual(before);
  });
});

describe('a page of the list, and the search the server answers', () => {
  it('answers the newest `limit` in the whole list’s order, and what the list’s own search finds', async () => {
    const jobId = (
      await server.api('POST', '/post', { token, body: { ...sampleJob(), jobTitle: 'Claims_Handler 100%' } })
    ).body.insertedId as string;
    const pdfFile = toDataUrl(await validPdf());
    for (const [name, email] of [
      ['Élodie Durand', 'elodie@example.com'],
      ['Omar KHAN', 'omar.khan@example.org'],
      ['Li Wei', 'li@example.net'],
    ])
      await server.api('POST', '/applications', {
        body: { name, email, phone: '07700 900123', about: 'Hi', jobId, pdfFile },
      });
    const all = (await server.api('GET', '/applications', { token })).body as ApplicationSummary[];
    const get = async (query: string) => server.api('GET', `/applications?${query}`, { token });

    expect((await get('limit=2')).body).toEqual(all.slice(0, 2));
    // The whole list is read a chunk at a time, each chunk going on below the last.
    const chunked = [];
    for await (const rows of server.context.applications.listInChunks(2)) chunked.push(...rows);
    expect(chunked).toEqual(await server.context.applications.list());
    expect(chunked.map((row) => row._id)).toEqual(all.map((row) => row._id));
    expect((await get(`limit=${MAX_APPLICATION_PAGE}`)).body).toEqual(all);

    // The same rows as the list's client-side search, for each of these.
    const index = indexApplications(all);
    for (const q of [
      'khan',
      'ÉLODIE',
      '  li@  ',
      'example.org',
      'claims_',
      '100%',
      '%',
      '_',
      'nobody',
      '   ',
    ]) {
      const expected = viewApplications(index, { q, job: '', stage: '' }).shown.map((row) => row._id);
      const answer = await get(new URLSearchParams({ q, limit: String(MAX_APPLICATION_PAGE) }).toString());
      expect(answer.status).toBe(200);
      expect(
        (answer.body as ApplicationSummary[]).map((row) => row._id),
        q,
      ).toEqual(expected);
      expect(
        (await get(new URLSearchParams({ q }).toString())).body.map((row: ApplicationSummary) => row._id),
      ).toEqual(expected);
    }
    expect(index.length).toBeGreaterThanOrEqual(3);

    for (const query of [
      'limit=0',
      `limit=${MAX_APPLICATION_PAGE + 1}`,
      'limit=ten',
      'limit=1.5',
      `q=${'x'.repeat(201)}`,
    ])
      expect((await get(query)).status, query).toBe(400);
  });
});

describe('the list written as it is read', () => {
  /** Stand-in rows: the answer's shape does not depend on what a row holds. */
  const row = (n: number) =>
    ({ _id: `application-${n}`, name: `Applicant ${n}` }) as unknown as ApplicationSummary;
  /** A list of `chunks` as the repository yields them, counting its reads; `fail` breaks one chunk. */
  const listOf = (chunks: ApplicationSummary[][], fail?: number) => {
    const reads = { started: 0 };
    const applications = {
      async *listInChunks() {
        reads.started++;
        for (const [index, chunk] of chunks.entries()) {
          if (index === fail) throw new Error('the database went away');
          yield chunk;
        }
      },
    };
    return { applications, reads };
  };
  const serve = async (chunks: ApplicationSummary[][], keepBytes: number, fail?: number) => {
    const { applications, reads } = listOf(chunks, fail);
    const changes = createLocalChangeFeed();
    const list = createApplicationListCache(applications, changes, JSON.stringify, keepBytes);
    const app = Fastify();
    app.get('/list', (request, reply) => list.send(request, reply));
    await app.ready();
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/list', headers });
    return { app, get, reads, changes, list };
  };
  const chunks = [[row(1), row(2)], [], [row(3)], [row(4), row(5)]];
  const whole = JSON.stringify([1, 2, 3, 4, 5].map(row));

  it('sends every chunk as one JSON list, in each encoding, and keeps it until a change', async () => {
    const { app, get, reads, changes, list } = await serve(chunks, 1024 * 1024);
    try {
      const plain = await get();
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.body).toBe(whole);
      const br = await get({ 'accept-encoding': 'br' });
      const gz = await get({ 'accept-encoding': 'gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(whole);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(whole);
      // One read: the first answer was kept (its compressed forms made meanwhile) and sent since.
      await expect.poll(() => list.held().entries).toBe(1);
      expect((await get({ 'accept-encoding': 'br' })).rawPayload.length).toBeGreaterThan(0);
      expect(reads.started).toBeLessThanOrEqual(3);
      const readsBefore = reads.started;
      const again = await get();
      expect(again.body).toBe(whole);
      expect(reads.started).toBe(readsBefore);
      // One ETag for this version of the list, kept or read, and a 304 for it.
      expect(new Set([plain, br, gz, again].map((answer) => answer.headers.etag)).size).toBe(1);
      expect((await get({ 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304);

      changes.deliver('applications');
      expect(list.held().entries).toBe(0);
      const changed = await get({ 'if-none-match': String(plain.headers.etag) });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(plain.headers.etag);
      expect(reads.started).toBe(readsBefore + 1);
    } finally {
      await app.close();
    }
  });

  it('keeps a version of the list only once it is read again, so a list that changes between reads is never copied', async () => {
    const { app, get, reads, changes, list } = await serve(chunks, 1024 * 1024);
    try {
      // Applications arriving between an administrator's reads: every read is of a new version.
      for (let n = 1; n <= 3; n++) {
        expect((await get({ 'accept-encoding': 'br' })).statusCode).toBe(200);
        expect(list.held().entries).toBe(0);
        changes.deliver('applications');
      }
      expect(reads.started).toBe(3);
      // The same version read twice: from then on it is sent from memory.
      expect((await get()).body).toBe(whole);
      expect(list.held().entries).toBe(0);
      expect((await get()).body).toBe(whole);
      await expect.poll(() => list.held().entries).toBe(1);
      expect((await get()).body).toBe(whole);
      expect(reads.started).toBe(5);
    } finally {
      await app.close();
    }
  });

  it('lets go of a kept version once its minute is over, when nothing would send it again', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      now: Date.UTC(2026, 10, 30, 9, 0, 10),
    });
    const { app, get, reads, list } = await serve(chunks, 1024 * 1024);
    try {
      await get();
      await get();
      await expect.poll(() => list.held().entries).toBe(1);
      vi.advanceTimersByTime(49_000);
      expect(list.held().entries).toBe(1);
      vi.advanceTimersByTime(1_000);
      expect(list.held()).toEqual({ entries: 0, bytes: 0 });
      // The next minute's first read reads the store again.
      expect((await get()).body).toBe(whole);
      expect(reads.started).toBe(3);
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it('reads a list longer than it may keep for every answer, and still answers a 304 without reading', async () => {
    const { app, get, reads, list } = await serve(chunks, 10);
    try {
      const first = await get();
      expect(first.body).toBe(whole);
      expect((await get()).body).toBe(whole);
      expect(reads.started).toBe(2);
      expect(list.held()).toEqual({ entries: 0, bytes: 0 });
      expect((await get({ 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
      expect(reads.started).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('answers a read that fails at once with an error, and never sends part of a list as a whole one', async () => {
    const failsAtOnce = await serve(chunks, 1024 * 1024, 0);
    try {
      const answer = await failsAtOnce.get();
      expect(answer.statusCode).toBe(500);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    } finally {
      await failsAtOnce.app.close();
    }
    const failsLater = await serve(chunks, 1024 * 1024, 2);
    try {
      // The answer had begun: it is cut off, so it does not parse as a list.
      const body = await failsLater.get().then(
        (answer) => answer.body,
        () => undefined,
      );
      if (body !== undefined) expect(() => JSON.parse(body)).toThrow();
      expect(failsLater.list.held().entries).toBe(0);
    } finally {
      await failsLater.app.close();
    }
  });
});
