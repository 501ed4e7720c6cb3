import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../support/postgres';
import { postgresBinDir, startPrivateCluster, type PrivateCluster } from '../../support/private-postgres';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * GET /api/ready tells a load balancer whether this instance can serve: 503 while its database
 * does not answer or its change feed is not listening, 200 once both are back. /api/health stays
 * the liveness check. The fault that comes back (a PostgreSQL stopped and started again) needs a
 * cluster of the test's own, so it runs in the PostgreSQL run of the suite, as the change feed's
 * recovery test does.
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const ready = (server: TestServer) => server.api('GET', '/ready');
/** Long enough for a database stopped or started under a busy machine. */
const WITHIN = { timeout: 20_000, interval: 100 };

describe('GET /api/ready on a healthy server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('answers 200 ready, uncached, for anyone', async () => {
    const answer = await ready(server);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ready', database: 'up', changeFeed: 'up' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('is in the OpenAPI document, public, with its 503 answer', async () => {
    const docs = await server.api('GET', '/docs');
    const operation = docs.body.paths['/ready'].get;
    expect(operation).toMatchObject({ operationId: 'getReadiness', tags: ['ops'], security: [] });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });
});

describe('GET /api/ready when the database is gone', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    // The database is closed already: what is left to close may complain about it.
    for (const server of servers.splice(0)) await server.stop().catch(() => undefined);
  });

  it('answers 503 not ready, naming the database, while /api/health fails too', async () => {
    const server = await startTestServer();
    servers.push(server);
    expect((await ready(server)).status).toBe(200);
    // A stopped pool with PostgreSQL, a closed database with PGlite: no query gets an answer.
    await server.context.database.close();
    const answer = await ready(server);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ status: 'not ready', database: 'down', changeFeed: 'up' });
    expect((await server.api('GET', '/health')).status).toBeGreaterThanOrEqual(500);
  });
});

const inPostgresRun = Boolean(testDatabaseUrl());
const binDir = inPostgresRun ? postgresBinDir() : undefined;
if (inPostgresRun && !binDir) {
  const message =
    'The readiness test with a stopped PostgreSQL needs the PostgreSQL server programs (initdb, pg_ctl); none found (set PG_BIN to their folder).';
  if (process.env.CI) throw new Error(message);
  console.warn(`${message} Skipped.`);
}

describe.skipIf(!binDir)('GET /api/ready while PostgreSQL stops and starts (a private cluster)', () => {
  let cluster: PrivateCluster;
  let server: TestServer;

  beforeAll(async () => {
    cluster = startPrivateCluster(binDir!);
    await cluster.query('create database careers');
    server = await startTestServer({ METRICS_TOKEN: TOKEN }, { databaseUrl: cluster.url('careers') });
  }, 120_000);

  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    cluster?.destroy();
  });

  const metric = async (name: string) => {
    const text = (
      await server.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    ).bytes.toString();
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1));
  };

  it('says not ready while the database is down, and ready again once it is back', async () => {
    expect((await ready(server)).body).toEqual({ status: 'ready', database: 'up', changeFeed: 'up' });
    expect(await metric('careers_change_feed_reconnects_total')).toBe(0);

    cluster.stop();
    await expect
      .poll(async () => {
        const answer = await ready(server);
        return [answer.status, answer.body];
      }, WITHIN)
      .toEqual([503, { status: 'not ready', database: 'down', changeFeed: 'down' }]);
    expect(await metric('careers_change_feed_connected')).toBe(0);
    expect(await metric('careers_database_up{kind="postgres"}')).toBe(0);

    cluster.start();
    await expect
      .poll(async () => {
        const answer = await ready(server);
        return [answer.status, answer.body];
      }, WITHIN)
      .toEqual([200, { status: 'ready', database: 'up', changeFeed: 'up' }]);
    expect(await metric('careers_change_feed_connected')).toBe(1);
    expect(await metric('careers_change_feed_reconnects_total')).toBe(1);
    expect(await metric('careers_database_up{kind="postgres"}')).toBe(1);
  }, 60_000);
});
