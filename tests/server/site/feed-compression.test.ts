import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';

/**
 * The boards' feeds, the sitemap and the RSS feed are read by crawlers and grow with every job's
 * description: each goes compressed to a client that asks for brotli or gzip, and says it varies
 * by what the client accepts.
 */

let server: TestApp;

beforeAll(async () => {
  server = await buildTestApp();
  const token = await server.adminToken();
  const created = await server.api('POST', '/post', {
    token,
    body: sampleJob({ location: '', locations: ['Northampton', 'Leeds'], workplaceType: 'on-site' }),
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
});

describe('the feeds, the sitemap and the RSS feed', () => {
  /** Indeed's feed says when it was drawn, to the second: the rest is the same from one draw to the next. */
  const drawnAt = (text: string) => text.replace(/<lastBuildDate>.*<\/lastBuildDate>/, '');

  it.each([
    ['/feeds/indeed.xml', 'application/xml'],
    ['/feeds/adzuna.xml', 'application/xml'],
    ['/sitemap.xml', 'application/xml'],
    ['/jobs.xml', 'application/rss+xml'],
  ])(
    '%s goes with brotli or gzip when asked, the same content, Vary: Accept-Encoding',
    async (pathname, type) => {
      const get = (acceptEncoding?: string) =>
        server.request('GET', pathname, {
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        });
      const plain = await get();
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('content-type')).toMatch(
        new RegExp(`^${type.replace('+', '\\+')}; charset=utf-8`),
      );
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(plain.headers.get('cache-control')).toBe('no-cache');
      const text = drawnAt(plain.bytes.toString());
      expect(text).toContain('<?xml');

      const br = await get('gzip, deflate, br');
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(br.bytes.length).toBeLessThan(plain.bytes.length);
      expect(drawnAt(brotliDecompressSync(br.bytes).toString())).toBe(text);

      const gzip = await get('gzip');
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gzip.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(drawnAt(gunzipSync(gzip.bytes).toString())).toBe(text);

      const refused = await get('br;q=0, gzip;q=0, identity');
      expect(refused.headers.get('content-encoding')).toBeNull();
      expect(drawnAt(refused.bytes.toString())).toBe(text);
    },
  );

  it('answer 304 to a crawler that has the sitemap as it is', async () => {
    const first = await server.request('GET', '/sitemap.xml');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await server.request('GET', '/sitemap.xml', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });
});
