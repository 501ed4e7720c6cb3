import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob, apply } from '../../support/hiring';
import {
  prometheusInstalled,
  startPrometheus,
  until,
  type RunningPrometheus,
} from '../../support/prometheus';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * A real Prometheus scrapes a real server every second, with the bearer token, and the example
 * alert rules (docs/alerts.yml) loaded: the figures an operator alerts on arrive, and follow what
 * happens. While the mail server is down the outbox's oldest message grows older in Prometheus;
 * once the mail server is back the messages go and the age falls to 0. Runs on the engine of the
 * suite (PGlite, or PostgreSQL in its run).
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const installed = prometheusInstalled('The Prometheus scrape test');
/** A scrape a second: a change shows within a few seconds, more on a loaded machine. */
const SCRAPED = { timeout: 20_000, interval: 250 };

describe.skipIf(!installed)('metrics scraped by a real Prometheus', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let prometheus: RunningPrometheus;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      { METRICS_TOKEN: TOKEN, SMTP_URL: sink.url },
      // Retries every half second, so the messages go soon after the mail server is back.
      { emailDelivery: { firstRetryMs: 250, maxRetryMs: 500, pollMs: 500 } },
    );
    prometheus = await startPrometheus({
      target: new URL(server.url).host,
      token: TOKEN,
      ruleFiles: ['docs/alerts.yml'],
    });
    await until('the first scrape', async () => (await prometheus.value('up{job="careers"}')) === 1);
  }, 60_000);

  afterAll(async () => {
    await prometheus?.stop();
    await server?.stop();
    await sink?.close();
  });

  it('sees the outbox grow older while the mail server is down, and empty once it is back', async () => {
    const jobId = await createJob(server);
    await sink.pause();
    await apply(server, jobId, { email: 'metrics.applicant@example.com' });

    // The confirmation and the careers mailbox's notice wait, and fail their tries.
    await expect.poll(() => prometheus.value('careers_email_outbox_queued'), SCRAPED).toBe(2);
    await expect
      .poll(() => prometheus.value('careers_email_outbox_retrying'), SCRAPED)
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => prometheus.value('careers_email_failed_tries_total'), SCRAPED)
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => prometheus.value('careers_email_outbox_oldest_age_seconds'), SCRAPED)
      .toBeGreaterThanOrEqual(1);
    const early = (await prometheus.value('careers_email_outbox_oldest_age_seconds'))!;
    await expect
      .poll(() => prometheus.value('careers_email_outbox_oldest_age_seconds'), SCRAPED)
      .toBeGreaterThanOrEqual(early + 2);
    expect(sink.messages).toHaveLength(0);

    await sink.resume();
    await expect.poll(() => prometheus.value('careers_email_outbox_queued'), SCRAPED).toBe(0);
    await expect.poll(() => prometheus.value('careers_email_outbox_oldest_age_seconds'), SCRAPED).toBe(0);
    expect(sink.recipients()).toContain('metrics.applicant@example.com');
    expect(await prometheus.value('careers_email_outbox_given_up')).toBe(0);
  }, 60_000);

  it('has the request, intake, audit, change feed, database and memory series', async () => {
    await apply(server, await createJob(server));
    await expect
      .poll(
        () =>
          prometheus.value(
            'careers_http_request_duration_seconds_count{method="POST",route="/api/applications",status="201"}',
          ),
        SCRAPED,
      )
      .toBeGreaterThanOrEqual(1);
    // Latency per route, as an operator would chart it.
    const p99 = await prometheus.value(
      'histogram_quantile(0.99, sum by (le) (careers_http_request_duration_seconds_bucket{route="/api/applications"}))',
    );
    expect(p99).toBeGreaterThan(0);
    expect(await prometheus.value('careers_intake_receiving')).toBe(0);
    expect(await prometheus.value('careers_intake_checking')).toBe(0);
    const queued = await prometheus.query('careers_intake_queued');
    expect(queued.map((sample) => [sample.labels.waiting_for, sample.value]).sort()).toEqual([
      ['check_slot', 0],
      ['upload_place', 0],
    ]);
    const refused = await prometheus.query('careers_intake_refused_total');
    expect(refused.map((sample) => sample.labels.reason).sort()).toEqual([
      'busy',
      'evicted',
      'stalled',
      'too_slow',
    ]);
    expect(await prometheus.value('careers_audit_backlog')).toBe(0);
    expect(await prometheus.value('careers_change_feed_connected')).toBe(1);
    expect(await prometheus.value('careers_change_feed_reconnects_total')).toBe(0);
    expect(await prometheus.value('careers_database_up')).toBe(1);
    if (server.databaseUrl) {
      expect(
        await prometheus.value('careers_database_pool_connections{state="total"}'),
      ).toBeGreaterThanOrEqual(1);
    }
    expect(await prometheus.value('process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  }, 30_000);

  it('evaluates every example alert rule against these series without an error, none firing', async () => {
    await expect
      .poll(async () => (await prometheus.rules()).map((rule) => `${rule.name}: ${rule.health}`), SCRAPED)
      .toEqual([
        'CareersEmailNotDelivered: ok',
        'CareersChangeFeedDown: ok',
        'CareersDatabaseDown: ok',
        'CareersServerErrors: ok',
        'CareersMemoryHigh: ok',
      ]);
    expect(await prometheus.query('ALERTS')).toEqual([]);
  }, 30_000);
});
