import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfig } from '../../../src/shared/site/site-config';
import { SITE_ICONS, siteIconSvg, WEB_APP_MANIFEST_PATH } from '../../../src/shared/site/site-icons';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * The icons browsers, bookmarks and home screens show, and the web app manifest: served from the
 * web build (the real files of src/web/public, as the build copies them) with a day's caching, and
 * drawn from the brand's current mark and colours.
 */

let server: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = fakeWebBuild();
  server = await startTestServer({ WEB_DIST_DIR: webDir }, { serveWeb: true });
});
afterAll(async () => {
  await server?.stop();
  removeFakeWebBuild(webDir);
});

const get = async (pathname: string) => {
  const response = await fetch(`${server.url}${pathname}`);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
};

/** Width and height from a PNG's header chunk. */
const pngSize = (png: Buffer) => {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
};

/** The square sizes an .ico file holds, from its directory (a 0 byte means 256). */
const icoSizes = (ico: Buffer) => {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const [width, height] = [ico[6 + index * 16]!, ico[7 + index * 16]!];
    expect(height).toBe(width);
    return width === 0 ? 256 : width;
  });
};

describe('the site icons', () => {
  it('answers /favicon.ico with an icon of 16, 32 and 48 px, kept by browsers for a day', async () => {
    const { response, body } = await get('/favicon.ico');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(icoSizes(body)).toEqual([16, 32, 48]);
  });

  it.each([SITE_ICONS.appleTouch, SITE_ICONS.small, SITE_ICONS.large, SITE_ICONS.maskable])(
    'answers $path as a PNG of the size it is listed with',
    async (icon) => {
      const { response, body } = await get(icon.path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(pngSize(body)).toEqual([icon.sizes[0], icon.sizes[0]]);
    },
  );

  it('answers the SVG icon, drawn from the current brand colours (npm run icons redraws them all)', async () => {
    const { response, body } = await get(SITE_ICONS.svg.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(body.toString('utf8')).toBe(siteIconSvg('rounded'));
    expect(readFileSync('src/web/public/icon.svg', 'utf8')).toContain(siteConfig.colours.brand);
  });
});

describe('the web app manifest', () => {
  it('names the company, in its colours, with icons that all answer', async () => {
    const { response, body } = await get(WEB_APP_MANIFEST_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const manifest = JSON.parse(body.toString('utf8')) as {
      name: string;
      short_name: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; type: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: `${siteConfig.brandName} Careers`,
      short_name: siteConfig.brandName,
      start_url: '/',
      theme_color: siteConfig.colours.brand,
      background_color: siteConfig.colours.background,
    });
    expect(manifest.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'any', 'maskable']);
    for (const icon of manifest.icons) {
      const { response: answer, body: image } = await get(icon.src);
      expect(answer.status, icon.src).toBe(200);
      expect(answer.headers.get('content-type')).toContain(icon.type);
      if (icon.type === 'image/png') {
        const [width] = pngSize(image);
        expect(icon.sizes).toBe(`${width}x${width}`);
      }
    }
  });
});
