import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLog } from '../../support/answer-checks';
import { loadConfig } from '../../../src/server/config';
import { buildTestApp, type TestApp } from '../../support/build-app';

const { call, describeNoLeaks } = answerLog();

/** The Vite dev server's origin: allowed in development only (docs/security.md#cors). */
const DEV_ORIGIN = 'http://localhost:5173';

let server: TestApp;
beforeAll(async () => {
  server = await buildTestApp({
    NODE_ENV: 'production',
    CORS_ORIGINS: 'https://partner.example, https://hr.example',
  });
});
afterAll(async () => {
  await server?.stop();
});

/** A simple call and an admin call's preflight from `origin`, as a browser makes them. */
const fromOrigin = async (target: TestApp, origin: string) => ({
  simple: await call(target, 'GET', '/api/all', { headers: { origin } }),
  preflight: await call(target, 'OPTIONS', '/api/post/123', {
    headers: {
      origin,
      'access-control-request-method': 'DELETE',
      'access-control-request-headers': 'authorization,content-type',
    },
  }),
});

describe('CORS allow-list', () => {
  it.each([
    'app://careers-console', // the desktop console
    'https://partner.example', // configured in CORS_ORIGINS
    'https://hr.example',
  ])('lets %s call the API, including the preflight of an admin call', async (origin) => {
    const simple = await call(server, 'GET', '/api/all', { headers: { origin } });
    expect(simple.status).toBe(200);
    expect(simple.headers.get('access-control-allow-origin')).toBe(origin);
    expect(simple.headers.get('vary')).toMatch(/origin/i);
    expect(simple.headers.get('access-control-expose-headers')).toMatch(/retry-after/);

    const preflight = await call(server, 'OPTIONS', '/api/post/123', {
      headers: {
        origin,
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it.each([
    'https://evil.example',
    DEV_ORIGIN, // a production server: any page on the visitor's machine could serve from it
    'http://localhost:5173.evil.example',
    'https://partner.example.evil.example',
    'null',
  ])('does not let %s read answers or pass a preflight', async (origin) => {
    const simple = await call(server, 'GET', '/api/all', { headers: { origin } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await call(server, 'OPTIONS', '/api/login', {
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('the development origin', () => {
  let development: TestApp;
  beforeAll(async () => {
    development = await buildTestApp({ NODE_ENV: 'development' });
  });
  afterAll(async () => {
    await development?.stop();
  });

  it('is allowed when the server runs in development, as `npm run dev` starts it', async () => {
    const { simple, preflight } = await fromOrigin(development, DEV_ORIGIN);
    expect(simple.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
  });

  it('is one a production server allows only when CORS_ORIGINS names it (refused above otherwise)', () => {
    expect(server.context.config.corsOrigins).not.toContain(DEV_ORIGIN);
    expect(loadConfig({ NODE_ENV: 'production', CORS_ORIGINS: DEV_ORIGIN }).corsOrigins).toContain(
      DEV_ORIGIN,
    );
  });
});

describeNoLeaks(16);
