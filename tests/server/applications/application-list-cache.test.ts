import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { sampleJob } from '../../support/test-server';

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
