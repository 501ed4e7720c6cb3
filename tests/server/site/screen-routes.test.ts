import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_BASE,
  findScreen,
  screenRoutes,
  screens,
  screensOf,
  type ScreenRoute,
} from '../../../src/shared/site/screen-routes';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';
import { sampleJob, startTestServer, type TestServer } from '../../support/test-server';

/**
 * The route table (src/shared/site/screen-routes.ts) is the one list of screens: every row the web
 * shows must answer as its flags say, and every other address must be the 404 screen. Driven by
 * the table, so a new row is checked without a new test.
 */

const PUBLIC_URL = 'https://careers.example.co.uk';

let server: TestServer;
let webDir: string;
let jobId: string;

/** An address of the row: a made-up value for each parameter, a real open job for a job page. */
const addressOf = (route: ScreenRoute) =>
  route === screens.apply
    ? screens.apply.path({ id: jobId })
    : route.pattern.replace(/:[a-z]+/gi, 'some-record-1234');

const get = async (pathname: string) => {
  const response = await fetch(`${server.url}${pathname}`);
  const document = new JSDOM(await response.text()).window.document;
  return { response, document };
};

beforeAll(async () => {
  webDir = fakeWebBuild();
  server = await startTestServer({ PUBLIC_URL, WEB_DIST_DIR: webDir }, { serveWeb: true });
  const created = await server.api('POST', '/post', { token: await server.adminToken(), body: sampleJob() });
  expect(created.status).toBe(201);
  jobId = created.body.insertedId as string;
});
afterAll(async () => {
  await server?.stop();
  removeFakeWebBuild(webDir);
});

describe('the route table', () => {
  it('builds addresses its own rows recognise, with each parameter as one encoded segment', () => {
    for (const route of screenRoutes) {
      const values: Record<string, string> = Object.fromEntries(
        [...route.pattern.matchAll(/:([a-z]+)/gi)].map(([, name]) => [name, `a b/${name}`]),
      );
      const address = (route.path as (params: Record<string, string>) => string)(values);
      expect(address).not.toContain(' ');
      expect(route.match(address), address).toEqual(
        Object.fromEntries(Object.entries(values).map(([name, value]) => [name, encodeURIComponent(value)])),
      );
      for (const face of route.faces) expect(findScreen(address, face)?.route).toBe(route);
    }
    expect(screens.apply.path({ id: 'job-1' })).toBe('/apply/job-1');
    expect(screens.home.path()).toBe('/');
  });

  it('keeps the admin area under one address and shows it on both faces', () => {
    for (const route of screenRoutes) {
      const underAdmin = route.pattern === ADMIN_BASE || route.pattern.startsWith(`${ADMIN_BASE}/`);
      expect(underAdmin, route.pattern).toBe(route.admin);
      if (route.admin) expect(route.faces, route.pattern).toEqual(['web', 'desktop']);
      if (route.admin) expect(route.indexing, route.pattern).toBe('disallow');
    }
  });

  it('lets the server keep or draw a record page only where it checks the record', () => {
    for (const route of screenRoutes) {
      if (route.base === route.pattern) continue;
      // Anyone can make up addresses of a record page: only a prerendered one (whose drawing
      // looks the record up) may be kept for replay or offered to search engines.
      if (route.replay) expect(route.prerendered, route.pattern).toBe(true);
      if (route.indexing === 'index') expect(route.prerendered, route.pattern).toBe(true);
    }
  });
});

describe('every screen of the web, as the server answers it', () => {
  it.each(screensOf('web').map((route) => [route.pattern, route] as const))(
    '%s answers 200 with the noindex, header and replay its row gives',
    async (_pattern, route) => {
      const address = addressOf(route);
      const held = server.app.answerReplay!.held().entries;
      const { response, document } = await get(address);
      expect(response.status).toBe(200);
      const robotsMeta = document.querySelector('meta[name="robots"]')?.getAttribute('content');
      expect(robotsMeta ?? null).toBe(route.indexing === 'index' ? null : 'noindex');
      const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
      expect(canonical ?? null).toBe(route.indexing === 'index' ? `${PUBLIC_URL}${address}` : null);
      expect(response.headers.get('x-robots-tag')).toBe(
        route.indexing === 'private' ? 'noindex, nofollow' : null,
      );
      if (route.replay) {
        // Kept once Fastify has sent it (a job page once the job's own change has come back).
        await expect
          .poll(async () => {
            await get(address);
            return server.app.answerReplay!.held().entries;
          })
          .toBeGreaterThan(held);
      } else {
        await get(address);
        expect(server.app.answerReplay!.held().entries).toBe(held);
      }
    },
  );

  it('answers 404 for any other address: below a screen, a screen of the console only, a made-up one', async () => {
    const others = [
      ...screensOf('web').map((route) => `${addressOf(route) === '/' ? '' : addressOf(route)}/extra`),
      ...screenRoutes.filter((route) => !route.faces.includes('web')).map(addressOf),
      '/no-such-page',
      `${ADMIN_BASE}/no-such-screen`,
    ];
    for (const address of others) {
      const { response, document } = await get(address);
      expect(response.status, address).toBe(404);
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content'), address).toBe('noindex');
    }
  });

  it('lists in robots.txt and the sitemap exactly what the rows say', async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    const disallowed = robots
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    const web = screensOf('web');
    expect(disallowed).toEqual([
      ADMIN_BASE,
      '/api/',
      ...web.filter((route) => route.indexing === 'disallow' && !route.admin).map((route) => route.base),
    ]);
    for (const route of web.filter((route) => route.indexing === 'private'))
      expect(robots).not.toContain(route.base.slice(1, -1));

    const sitemap = new JSDOM(await (await fetch(`${server.url}/sitemap.xml`)).text(), {
      contentType: 'application/xml',
    }).window.document;
    const listed = [...sitemap.querySelectorAll('url > loc')].map((loc) =>
      loc.textContent!.slice(PUBLIC_URL.length),
    );
    const fixed = listed.filter((address) => findScreen(address, 'web')?.route !== screens.apply);
    expect(fixed).toEqual(
      web
        .filter((route) => route.indexing === 'index' && route.base === route.pattern)
        .map((route) => route.pattern),
    );
    expect(listed).toContain(screens.apply.path({ id: jobId }));
  });
});
