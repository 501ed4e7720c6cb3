import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, apiRoutes } from '../../../src/shared/http/api-routes';
import { buildTestApp, type TestApp } from '../../support/build-app';

/**
 * The API path table (src/shared/http/api-routes.ts) is the one list of the API's addresses: the
 * server registers its routes with its patterns and the renderer builds its calls with its paths.
 * Every route the built app registers under /api must be a row, and every row a route, so a call
 * added, moved or dropped on one side alone fails here.
 */

/**
 * Every address the app answers, read from Fastify's own tree (`printRoutes`): each line is a
 * piece of an address under its parent's, and a line that names methods is a route. (A test
 * server shares its workers' modules, so the app cannot be watched by mocking Fastify here.)
 */
const registeredAddresses = (app: FastifyInstance): string[] => {
  const chain: string[] = [];
  const addresses: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    chain.length = depth;
    chain.push(match[2]!);
    if (match[3]) addresses.push(chain.join(''));
  }
  return addresses;
};

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
    registeredAddresses(server.app)
      .filter((address) => address === '/api' || address.startsWith('/api/'))
      .map((address) => address.slice('/api'.length) || '/')
      .filter((pattern) => !FALLBACKS.includes(pattern)),
  );

describe('the API path table', () => {
  it('reads the routes registered (Fastify still prints its tree as this test reads it)', () => {
    expect(apiPatterns()).toContain('/applications/:id/interviewers/:userId');
    expect(apiPatterns().size).toBeGreaterThanOrEqual(apiRoutes.length);
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
