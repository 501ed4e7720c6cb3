import type * as FastifyModule from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, apiRoutes } from '../../../src/shared/http/api-routes';
import { buildTestApp, type TestApp } from '../../support/build-app';

/**
 * The API path table (src/shared/http/api-routes.ts) is the one list of the API's addresses: the
 * server registers its routes with its patterns and the renderer builds its calls with its paths.
 * Every route the built app registers under /api must be a row, and every row a route, so a call
 * added, moved or dropped on one side alone fails here.
 */

/** Every route the app registers, as an `onRoute` hook on the root instance sees it. */
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const create = actual.default as unknown as (...args: unknown[]) => FastifyModule.FastifyInstance;
  const watched = (...args: unknown[]) => {
    const app = create(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  };
  return { ...actual, default: watched };
});

/** The API's own fallbacks for addresses it does not know (a JSON 404 rather than the site's page). */
const FALLBACKS = ['/', '/*'];

let server: TestApp;

beforeAll(async () => {
  server = await buildTestApp();
});

afterAll(async () => {
  await server.stop();
});

const apiPatterns = () =>
  new Set(
    registered
      .filter((route) => route.url === '/api' || route.url.startsWith('/api/'))
      .map((route) => route.url.slice('/api'.length) || '/')
      .filter((pattern) => !FALLBACKS.includes(pattern)),
  );

describe('the API path table', () => {
  it('sees the routes registered (the hook is in place)', () => {
    expect(registered.length).toBeGreaterThan(apiRoutes.length);
  });

  it('has a row for every route registered under /api', () => {
    const rows = new Set(apiRoutes.map((route) => route.pattern));
    expect([...apiPatterns()].filter((pattern) => !rows.has(pattern))).toEqual([]);
  });

  it('has no row the server does not register', () => {
    const patterns = apiPatterns();
    expect(apiRoutes.map((route) => route.pattern).filter((pattern) => !patterns.has(pattern))).toEqual([]);
  });

  it('has each address once', () => {
    const patterns = apiRoutes.map((route) => route.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('builds addresses with each parameter encoded as one segment', () => {
    expect(apiPaths.jobs.path()).toBe('/all');
    expect(apiPaths.interviewer.path({ id: 'a/b', userId: 'c d' })).toBe(
      '/applications/a%2Fb/interviewers/c%20d',
    );
    expect(apiPaths.applicant.path({ email: 'ann+1@example.com' })).toBe('/applicants/ann%2B1%40example.com');
  });

  it('builds addresses the server answers', async () => {
    const answer = await server.api('GET', apiPaths.jobs.path());
    expect(answer.status).toBe(200);
  });
});
