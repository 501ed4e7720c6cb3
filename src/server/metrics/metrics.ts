import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database';
import { databaseAnswers } from './readiness';

/**
 * What the metrics read, each part's own account of itself, read when the scraper asks: nothing
 * here is kept per request but the request histogram. Declared by shape, so this folder depends
 * on none of the domains it reports on (docs/architecture.md#import-rules).
 */
export interface MetricsSources {
  database: Database;
  intakeGate: {
    stats(): {
      receiving: number;
      checking: number;
      waitingForPlace: number;
      waitingForCheck: number;
      refusedBusy: number;
      refusedEvicted: number;
      refusedStalled: number;
      refusedTooSlow: number;
    };
  };
  outbox: {
    stats(): Promise<{
      queued: number;
      retrying: number;
      oldestAgeSeconds: number;
      givenUp: number;
    }>;
    failedTries(): number;
  };
  audit: { backlog(): number };
  changes: { status(): { connected: boolean; reconnects: number } };
  /** Answers sent by the answer replay, which Fastify (and so the histogram) never sees. */
  replayed: () => number;
  /** What each cache holds now (runtime/cache-sizes.ts). */
  cacheSizes: { read(): Array<{ cache: string; entries: number; bytes?: number }> };
}

export interface Metrics {
  registry: Registry;
  /** Records one answer of a route (its pattern, never the raw address). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

/**
 * Seconds. Most answers take milliseconds; an application with a 5 MiB CV over a phone's uplink
 * takes up to minutes (the intake gate allows three of them for the body).
 */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180];

/**
 * One read shared by every metric that reports it in one scrape: the registry collects all its
 * metrics at once, so each would otherwise ask the database again.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T | undefined> {
  let pending: Promise<T | undefined> | undefined;
  return () =>
    (pending ??= read()
      .catch(() => undefined)
      .finally(() => {
        pending = undefined;
      }));
}

/** A counter whose total another part keeps: reported as it stands at each scrape. */
const setCounter = (counter: Counter<string>, total: number, labels: Record<string, string> = {}) => {
  counter.inc(labels, total);
};

/**
 * The server's metrics for Prometheus, in a registry of its own (one per server: the tests run
 * many in one process). Names are prefixed `careers_`, beside prom-client's standard process and
 * Node.js metrics; docs/operations.md#monitoring says what each means.
 */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'careers_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status; _count is the number of requests.',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Counter({
    name: 'careers_http_replayed_answers_total',
    help: 'Answers to plain GETs of cached pages sent straight from memory, outside the request histogram.',
    registers: [registry],
    collect() {
      this.reset();
      setCounter(this, sources.replayed());
    },
  });

  const intake = () => sources.intakeGate.stats();
  new Gauge({
    name: 'careers_intake_receiving',
    help: 'Application bodies being received now.',
    registers: [registry],
    collect() {
      this.set(intake().receiving);
    },
  });
  new Gauge({
    name: 'careers_intake_checking',
    help: 'Received application bodies being checked now (PDF checks, in worker threads).',
    registers: [registry],
    collect() {
      this.set(intake().checking);
    },
  });
  new Gauge({
    name: 'careers_intake_queued',
    help: 'Applications waiting: for an upload place (body not yet read) or for a check slot.',
    labelNames: ['waiting_for'],
    registers: [registry],
    collect() {
      const stats = intake();
      this.set({ waiting_for: 'upload_place' }, stats.waitingForPlace);
      this.set({ waiting_for: 'check_slot' }, stats.waitingForCheck);
    },
  });
  new Counter({
    name: 'careers_intake_refused_total',
    help: 'Applications turned away: busy (503 after waiting), evicted (503, place given to a faster upload), stalled or too_slow (408).',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      const stats = intake();
      this.reset();
      setCounter(this, stats.refusedBusy, { reason: 'busy' });
      setCounter(this, stats.refusedEvicted, { reason: 'evicted' });
      setCounter(this, stats.refusedStalled, { reason: 'stalled' });
      setCounter(this, stats.refusedTooSlow, { reason: 'too_slow' });
    },
  });

  // Read from the database, which every instance shares: each instance reports the same queue.
  const outbox = sharedRead(() => sources.outbox.stats());
  const outboxGauge = (name: string, help: string, pick: (stats: OutboxStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const stats = await outbox();
        // No figure rather than a wrong one while the database does not answer.
        this.reset();
        if (stats) this.set(pick(stats));
      },
    });
  outboxGauge(
    'careers_email_outbox_queued',
    'E-mails waiting to be sent (all instances).',
    (stats) => stats.queued,
  );
  outboxGauge(
    'careers_email_outbox_retrying',
    'Waiting e-mails that have failed at least once.',
    (stats) => stats.retrying,
  );
  outboxGauge(
    'careers_email_outbox_oldest_age_seconds',
    'How long the oldest waiting e-mail has waited; 0 when none waits.',
    (stats) => stats.oldestAgeSeconds,
  );
  outboxGauge(
    'careers_email_outbox_given_up',
    'E-mails given up after 5 days of failed tries, kept 30 days.',
    (stats) => stats.givenUp,
  );
  new Counter({
    name: 'careers_email_failed_tries_total',
    help: 'Tries to send an e-mail that failed, in this instance (each is retried later).',
    registers: [registry],
    collect() {
      this.reset();
      setCounter(this, sources.outbox.failedTries());
    },
  });

  new Gauge({
    name: 'careers_audit_backlog',
    help: 'Audit entries recorded but not yet written to the database.',
    registers: [registry],
    collect() {
      this.set(sources.audit.backlog());
    },
  });

  new Gauge({
    name: 'careers_change_feed_connected',
    help: '1 while changes made by other instances are heard (always 1 on PGlite).',
    registers: [registry],
    collect() {
      this.set(sources.changes.status().connected ? 1 : 0);
    },
  });
  new Counter({
    name: 'careers_change_feed_reconnects_total',
    help: 'Times the change feed listened again after losing its connection.',
    registers: [registry],
    collect() {
      this.reset();
      setCounter(this, sources.changes.status().reconnects);
    },
  });

  new Gauge({
    name: 'careers_cache_entries',
    help: 'Entries each cache or buffer holds now; each is bounded by configuration (docs/operations.md#memory).',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { cache, entries } of sources.cacheSizes.read()) this.set({ cache }, entries);
    },
  });
  new Gauge({
    name: 'careers_cache_bytes',
    help: 'Bytes of the caches that count them (answer replay, CV answers).',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { cache, bytes } of sources.cacheSizes.read())
        if (bytes !== undefined) this.set({ cache }, bytes);
    },
  });
  new Gauge({
    name: 'careers_memory_array_buffers_bytes',
    help: 'Memory of ArrayBuffers and Buffers (part of nodejs_external_memory_bytes): request bodies, CVs, drawn pages.',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().arrayBuffers);
    },
  });

  const { database } = sources;
  new Gauge({
    name: 'careers_database_up',
    help: '1 when the database answered a trivial query within 3 s at this scrape.',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.set({ kind: database.kind }, (await databaseAnswers(database)) ? 1 : 0);
    },
  });
  if (database.kind === 'postgres') {
    const { pool } = database;
    new Gauge({
      name: 'careers_database_pool_connections',
      help: 'PostgreSQL connections of this instance’s pool (at most 10): total open, and idle.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'careers_database_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection of this instance.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  return {
    registry,
    observe(method, route, status, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
  };
}

type OutboxStats = Awaited<ReturnType<MetricsSources['outbox']['stats']>>;
