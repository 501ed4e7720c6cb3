import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLog } from '../../support/answer-checks';
import { buildTestApp, type TestApp } from '../../support/build-app';

const { call, describeNoLeaks } = answerLog();

let server: TestApp;
beforeAll(async () => {
  server = await buildTestApp({ CORS_ORIGINS: 'https://partner.example, https://hr.example' });
});
afterAll(async () => {
  await server?.stop();
});

describe('CORS allow-list', () => {
  it.each([
    'http://localhost:5173', // the Vite dev server
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

describeNoLeaks(15);
