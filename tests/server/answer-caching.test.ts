import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../src/server/http/representation';
import { sampleJob, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let token: string;

const getAll = (headers: Record<string, string> = {}) => fetch(`${server.url}/api/all`, { headers });

beforeAll(async () => {
  server = await startTestServer();
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
    await first.arrayBuffer();

    const unchanged = await getAll({ 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    const created = await server.api('POST', '/post', { token, body: sampleJob({ jobTitle: 'Fresh Role' }) });
    const id = created.body.insertedId as string;
    const changed = await getAll({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as Array<{ _id: string }>).map((job) => job._id)).toContain(id);

    await server.api('PUT', `/post/${id}`, { token, body: { jobTitle: 'Renamed Role' } });
    const renamed = (await (await getAll()).json()) as Array<{ _id: string; jobTitle: string }>;
    expect(renamed.find((job) => job._id === id)?.jobTitle).toBe('Renamed Role');

    await server.api('DELETE', `/post/${id}`, { token });
    const after = (await (await getAll()).json()) as Array<{ _id: string }>;
    expect(after.map((job) => job._id)).not.toContain(id);
  });

  it('sends brotli or gzip to clients that take them, with the same content', async () => {
    await server.api('POST', '/post', { token, body: sampleJob() });
    const plain = Buffer.from(await (await getAll()).arrayBuffer());
    // Node's fetch would decode for us; a raw request shows the bytes as sent.
    const raw = async (acceptEncoding: string) => {
      const { request } = await import('node:http');
      return new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
        (resolve, reject) => {
          const req = request(
            `${server.url}/api/all`,
            { headers: { 'accept-encoding': acceptEncoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({
                  encoding: res.headers['content-encoding'],
                  vary: res.headers.vary as string | undefined,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          );
          req.on('error', reject);
          req.end();
        },
      );
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

  it('picks encodings the way Accept-Encoding says', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('GZIP')).toBe('gzip');
  });
});

describe('the admin list of applications', () => {
  it('is answered from memory but shows every addition and removal at once', async () => {
    const jobId = (await server.api('POST', '/post', { token, body: sampleJob() })).body.insertedId as string;
    const { validPdf, toDataUrl } = await import('../support/pdf-fixtures');
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

    const first = await fetch(`${server.url}/api/applications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await fetch(`${server.url}/api/applications`, {
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // The cached answer is still behind the admin guard.
    expect(
      (await fetch(`${server.url}/api/applications`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(401);

    await server.api('DELETE', `/applications/${one}`, { token });
    expect(await list()).toEqual([two, ...before]);
    await server.api('DELETE', `/applicants/${encodeURIComponent('cache.two@example.com')}`, { token });
    expect(await list()).toEqual(before);
  });
});

describe('the CV answer', () => {
  it('is the CvAnswer JSON, byte for byte, for every length', async () => {
    const { cvAnswerJson } = await import('../../src/server/applications/cv-answer');
    for (const length of [0, 1, 2, 3, 4, 5, 1000, 1001, 1002]) {
      const bytes = Buffer.from(Array.from({ length }, (_, index) => (index * 37) % 256));
      const text = cvAnswerJson(bytes).toString('latin1');
      expect(JSON.parse(text)).toEqual({
        pdfFile: `data:application/pdf;base64,${bytes.toString('base64')}`,
        fileSize: length,
      });
    }
  });
});

describe('the CV answer cache', () => {
  it('reads each CV once however many ask at once, stays within its size, and empties on a removal', async () => {
    const { createCvAnswerCache } = await import('../../src/server/applications/cv-answer');
    const { createLocalChangeFeed } = await import('../../src/server/db/change-feed');
    const feed = createLocalChangeFeed();
    const cache = createCvAnswerCache(feed, 3 * 1024 * 1024);
    const reads: string[] = [];
    const cv = (key: string) => async () => {
      reads.push(key);
      return Buffer.alloc(1024 * 1024, key);
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => cache.get('a', cv('a'))));
    expect(reads).toEqual(['a']);
    expect(new Set(answers).size).toBe(1);
    await cache.get('a', cv('a'));
    expect(reads).toEqual(['a']);
    // Each answer is about 1.4 MB (base64): two fit in 3 MB, a third pushes out the least recent.
    await cache.get('b', cv('b'));
    await cache.get('a', cv('a'));
    await cache.get('c', cv('c'));
    await cache.get('a', cv('a'));
    await cache.get('b', cv('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    feed.publish('applications');
    await cache.get('a', cv('a'));
    expect(reads).toEqual(['a', 'b', 'c', 'b', 'a']);
    expect(await cache.get('missing', async () => undefined)).toBeUndefined();
  });
});
