import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';

let server: TestApp;
let token: string;

const getAll = (headers: Record<string, string> = {}) => server.request('GET', '/api/all', { headers });

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.stop();
});

describe('the open job list as visitors get it', () => {
  it('answers 304 while unchanged, and the new list with a new ETag after any change', async () => {
    const first = await getAll();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const unchanged = await getAll({ 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes.toString()).toBe('');

    const created = await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Fresh Role' }) });
    const id = created.body.insertedId as string;
    const changed = await getAll({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((changed.body as Array<{ _id: string }>).map((job) => job._id)).toContain(id);

    await server.api('PUT', `/post/${id}`, { token, body: { jobTitle: 'Renamed Role' } });
    const renamed = (await getAll()).body as Array<{ _id: string; jobTitle: string }>;
    expect(renamed.find((job) => job._id === id)?.jobTitle).toBe('Renamed Role');

    await server.api('DELETE', `/post/${id}`, { token });
    const after = (await getAll()).body as Array<{ _id: string }>;
    expect(after.map((job) => job._id)).not.toContain(id);
  });

  it('sends brotli or gzip to clients that take them, with the same content', async () => {
    await server.api('POST', '/post', { token, body: sampleJob() });
    const plain = (await getAll()).bytes;
    // The bytes as sent: nothing on the way decodes them.
    const raw = async (acceptEncoding: string) => {
      const answer = await getAll({ 'accept-encoding': acceptEncoding });
      return {
        encoding: answer.headers.get('content-encoding') ?? undefined,
        vary: answer.headers.get('vary') ?? undefined,
        body: answer.bytes,
      };
    };
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
    const identity = await raw('br;q=0, identity');
    expect(identity.encoding).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);
  });
});
