// Resident memory of the server at rest: started as the benchmark starts it (three job posts
// through the API, `/` and `/api/all` served once each so the parts a live site loads lazily are
// loaded), then left alone until it has given back what it does not need at rest (see
// src/server/http/idle-memory.ts) before VmRSS is read. Embedded PGlite, or
// PostgreSQL (a throwaway database on the local cluster, dropped after) when it is reachable.
// The plain Node server's idle RSS, serving the same two answers, is measured beside it.
//
// Standalone: node --import tsx scripts/bench/measure-idle-rss.mjs (needs a build in dist/).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDLE_CHECK_EVERY_MS, IDLE_QUIET_MS } from '../../src/server/http/idle-memory.ts';
import { createScratchDatabase } from '../../tests/support/postgres.ts';
import { startPlainNode } from './baselines.mjs';
import { freePort } from './free-port.mjs';
import { BROWSER_ACCEPT_ENCODING } from './http-client.mjs';
import { tempDir } from './lifecycle.mjs';
import { procStatusBytes } from './proc-status.mjs';
import { adminToken, launch, productEnv, serverEntry } from './product-server.mjs';
import { captureAnswer, writeReplay } from './replay.mjs';
import { createJobPosts } from './seed-jobs.mjs';
import { sleep } from './stats.mjs';

// The server's quiet time before it releases memory, its check's granularity, and a check to spare.
const SETTLE_MS = IDLE_QUIET_MS + 2 * IDLE_CHECK_EVERY_MS;
const JOBS = 3;
export const LOCAL_POSTGRES = 'postgresql://postgres@localhost/postgres?host=/var/run/postgresql';

/** The product on `dataDir` (and `databaseUrl` when given), loaded and left idle; its VmRSS. */
async function idleProduct({ dataDir, databaseUrl, cpu }) {
  const port = await freePort();
  const product = await launch({
    label: databaseUrl ? 'product server (PostgreSQL)' : 'product server',
    command: process.execPath,
    args: [serverEntry],
    env: {
      ...productEnv({ port, dataDir }),
      // With PostgreSQL the server needs a signing secret set (docs/security.md#the-signing-secret).
      ...(databaseUrl
        ? { DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-signing-secret-0123456789abcdef' }
        : {}),
    },
    port,
    cpu,
  });
  try {
    await createJobPosts(product.url, await adminToken(product.url), JOBS);
    const browser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const answers = [
      await captureAnswer(product.url, '/', browser),
      await captureAnswer(product.url, '/api/all', browser),
    ];
    await sleep(SETTLE_MS);
    return { rssBytes: procStatusBytes(product.pid, 'VmRSS'), answers, startMs: product.startMs };
  } finally {
    await product.stop();
  }
}

/** The plain Node server serving the same answers, idle after one request of each. */
async function idlePlainNode({ answers, dir, cpu }) {
  mkdirSync(dir, { recursive: true });
  const replayFile = writeReplay(dir, answers, dir);
  const plain = await startPlainNode({ replayFile, port: await freePort(), cpu });
  try {
    for (const answer of answers) await captureAnswer(plain.url, answer.path, {});
    // Nothing in it changes at rest.
    await sleep(5000);
    return procStatusBytes(plain.pid, 'VmRSS');
  } finally {
    await plain.stop();
  }
}

/** Embedded (PGlite) idle RSS, with the plain Node server's beside it. */
export async function measureIdleRss({ workDir, cpu }) {
  const product = await idleProduct({ dataDir: path.join(workDir, 'idle-rss-pglite'), cpu });
  const plainNode = await idlePlainNode({
    answers: product.answers,
    dir: path.join(workDir, 'idle-rss-plain'),
    cpu,
  });
  return { productBytes: product.rssBytes, plainNodeBytes: plainNode, settleMs: SETTLE_MS, jobs: JOBS };
}

/** Idle RSS with DATABASE_URL on a throwaway database; undefined when no PostgreSQL answers. */
export async function measureIdleRssPostgres({ workDir, cpu, baseUrl = LOCAL_POSTGRES }) {
  // The tests' throwaway database; no server to create it on means nothing to measure.
  const database = await createScratchDatabase(baseUrl).catch(() => undefined);
  if (!database) return undefined;
  try {
    const product = await idleProduct({
      dataDir: path.join(workDir, 'idle-rss-pg'),
      databaseUrl: database.url,
      cpu,
    });
    return { productBytes: product.rssBytes, settleMs: SETTLE_MS, jobs: JOBS };
  } finally {
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { installCleanup } = await import('./lifecycle.mjs');
  installCleanup();
  const work = tempDir('careers-idle-rss-');
  const mib = (bytes) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
  const [embedded, postgres] = await Promise.all([
    measureIdleRss({ workDir: work }),
    measureIdleRssPostgres({ workDir: work }),
  ]);
  console.info(
    `idle RSS, PGlite: ${mib(embedded.productBytes)} (plain node ${mib(embedded.plainNodeBytes)})`,
  );
  console.info(
    `idle RSS, PostgreSQL: ${postgres ? mib(postgres.productBytes) : 'not measured: no PostgreSQL'}`,
  );
  process.exit(0);
}
