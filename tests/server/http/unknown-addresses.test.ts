import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/messages';
import { answerLog, expectJsonError } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { fakeWebBuild, removeFakeWebBuild } from '../../support/web-template';

const { call, describeNoLeaks } = answerLog();

describe('unknown addresses under /api', () => {
  let server: TestApp;
  let token: string;
  beforeAll(async () => {
    server = await buildTestApp();
    token = await server.adminToken();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ['GET', '/api/whatever'],
    ['GET', '/api/'],
    ['GET', '/api'],
    ['POST', '/api/whatever/else'],
    ['DELETE', '/api/all'],
    ['PATCH', '/api/post/123'],
    ['GET', '/api/applications/abc/unknown'],
    ['GET', '/api/../etc/passwd'],
  ])('%s %s gives a JSON 404 { message }', async (method, pathname) => {
    const answer = await call(server, method, pathname, { token });
    expectJsonError(answer, 404, messages.notFound);
    expect(Object.keys(answer.body)).toEqual(['message']);
  });
});

describe('unknown addresses under /api, with the web site served beside the API', () => {
  let site: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fakeWebBuild();
    site = await buildTestApp({ WEB_DIST_DIR: webDir }, { serveWeb: true });
  });
  afterAll(async () => {
    await site?.stop();
    removeFakeWebBuild(webDir);
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])(
    "%s gives a JSON 404 { message }, never the site's HTML page",
    async (method) => {
      for (const pathname of [
        '/api/no-such-thing',
        '/api/no/such/thing',
        '/api',
        '/api/',
        '/api/applications/abc/unknown',
      ]) {
        const answer = await call(site, method, pathname, {
          body: method === 'GET' ? undefined : '{}',
        });
        expectJsonError(answer, 404, messages.notFound);
        expect(Object.keys(answer.body), `${method} ${pathname}`).toEqual(['message']);
      }
    },
  );

  it('HEAD of an unknown API address is a 404 too; the site and the API still answer as before', async () => {
    const head = await site.request('HEAD', '/api/no-such-thing');
    expect(head.status).toBe(404);
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    const page = await site.request('GET', '/no-such-page');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await site.request('GET', '/about')).status).toBe(200);
    expect((await site.request('GET', '/api/all')).status).toBe(200);
    expectJsonError(await call(site, 'GET', `/api/admin/${'a'.repeat(2000)}`), 414);
  });
});

describeNoLeaks(33);
