import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
