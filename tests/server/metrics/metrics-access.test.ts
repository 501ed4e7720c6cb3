import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { createJob } from '../../support/hiring';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * /metrics is the operator's: absent unless METRICS_TOKEN is set, and then refused to anyone
 * without that bearer token. Its request figures are per route pattern, so made-up addresses
 * add no series. Runs on the engine of the suite (PGlite, or PostgreSQL in its run).
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

const scrape = (server: TestServer, authorization?: string) =>
  server.request('GET', '/metrics', { headers: authorization ? { authorization } : {} });

/** The value of the sample `line` starts with (a metric name and its labels, as written). */
const sampleValue = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics when METRICS_TOKEN is not set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('does not exist (404), and is named in neither robots.txt nor the sitemap', async () => {
    const token = await server.adminToken();
    expect((await scrape(server)).status).toBe(404);
    // Not even for an administrator, nor with some token: there is none to match.
    expect((await scrape(server, `Bearer ${token}`)).status).toBe(404);
    expect((await scrape(server, `Bearer ${TOKEN}`)).status).toBe(404);
    const robots = await server.request('GET', '/robots.txt');
    const sitemap = await server.request('GET', '/sitemap.xml');
    expect(robots.status).toBe(200);
    expect(sitemap.status).toBe(200);
    expect(String(robots.body)).not.toContain('metrics');
    expect(String(sitemap.body)).not.toContain('metrics');
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.stop());

  it('refuses a scrape without the token, or with another one (401), telling how to send it', async () => {
    const adminToken = await server.adminToken();
    for (const authorization of [
      undefined,
      `Bearer ${adminToken}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const answer = await scrape(server, authorization);
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(answer.body.message).toMatch(/Authorization: Bearer/);
      expect(answer.bytes.toString()).not.toContain('careers_');
    }
  });

  it('answers the scraper in Prometheus text format, never cached', async () => {
    const answer = await scrape(server, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = answer.bytes.toString();
    for (const name of [
      'careers_http_request_duration_seconds',
      'careers_http_replayed_answers_total',
      'careers_intake_checking',
      'careers_intake_receiving',
      'careers_intake_queued',
      'careers_intake_refused_total',
      'careers_email_outbox_queued',
      'careers_email_outbox_oldest_age_seconds',
      'careers_email_outbox_retrying',
      'careers_email_outbox_given_up',
      'careers_email_failed_tries_total',
      'careers_audit_backlog',
      'careers_change_feed_connected',
      'careers_change_feed_reconnects_total',
      'careers_database_up',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sampleValue(text, 'careers_change_feed_connected')).toBe(1);
    expect(sampleValue(text, 'careers_email_outbox_queued')).toBe(0);
    expect(sampleValue(text, 'careers_email_outbox_oldest_age_seconds')).toBe(0);
    expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    const kind = server.databaseUrl ? 'postgres' : 'pglite';
    expect(sampleValue(text, `careers_database_up{kind="${kind}"}`)).toBe(1);
    if (kind === 'postgres') {
      expect(sampleValue(text, 'careers_database_pool_connections{state="total"}')).toBeGreaterThan(0);
      // The scrape's own queries may be waiting for a connection as it is taken.
      expect(sampleValue(text, 'careers_database_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      // PGlite is one connection inside the process: there is no pool to report.
      expect(text).not.toContain('careers_database_pool');
    }
  });

  it('counts requests by route pattern and status, so made-up addresses add no series', async () => {
    const jobId = await createJob(server);
    for (let i = 0; i < 3; i++) expect((await server.api('GET', `/single/${jobId}`)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const missing = await server.api('GET', `/single/00000000-0000-4000-8000-00000000000${i}`);
      expect(missing.status).toBe(404);
    }
    const text = (await scrape(server, `Bearer ${TOKEN}`)).bytes.toString();
    const count = (labels: string) =>
      sampleValue(text, `careers_http_request_duration_seconds_count{${labels}}`);
    expect(count('method="GET",route="/api/single/:id",status="200"')).toBe(3);
    expect(count('method="GET",route="/api/single/:id",status="404"')).toBe(5);
    expect(count('method="POST",route="/api/post",status="201"')).toBe(1);
    expect(text).not.toContain(jobId);
    expect(text).not.toContain('00000000-0000-4000-8000');
  });
});

describe('METRICS_TOKEN', () => {
  it.each([
    ['too short to be safe from guessing', 'short-token'],
    ['with a space, which no header can carry', `${'a'.repeat(20)} ${'b'.repeat(20)}`],
  ])('is refused at start when %s, naming the variable', (_why, value) => {
    expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(/METRICS_TOKEN: /);
  });

  it('is off when unset or blank', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});
