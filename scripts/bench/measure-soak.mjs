// The soak: resident memory under minutes of mixed traffic (soak-client.mjs: 6 visitors reading
// and applying with 50 KB-2 MB CVs from many addresses, an administrator listing, previewing and
// deleting; the store grows as they apply). Every 10 s it records the server's RSS (/proc), and
// from its /metrics the V8 heap used and total, memory outside the heap, ArrayBuffers, the
// applications stored and each cache's size, and where RSS is by kind of mapping (smaps.mjs).
// With `snapshots`, heap snapshots at the middle and the end (--heapsnapshot-signal), compared by
// constructor, name what grew; off by default, because the first snapshot leaves V8's heap
// profiler tracking every object for the rest of the process (about 40 MB more resident through
// the second half, which is what the row judges). Flat means the least-squares line through the
// second half's RSS rises by under 5% of where it starts (docs/operations.md#memory).
import { appendFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_CPU, onCpu } from './cpu-pinning.mjs';
import { freePort } from './free-port.mjs';
import { request } from './http-client.mjs';
import { runForJson, tempDir } from './lifecycle.mjs';
import { minimalPdf, pdfOfSize } from './pdf-of-size.mjs';
import { procStatusBytes } from './proc-status.mjs';
import { smapsBreakdown } from './smaps.mjs';
import {
  adminToken,
  launch,
  productEnv,
  root,
  seedApplications,
  serverEntry,
  startProduct,
} from './product-server.mjs';
import { writeJson } from './report.mjs';
import { createJobPosts, jobPost } from './seed-jobs.mjs';
import { sleep } from './stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;
export const SOAK_TARGET_BYTES = 300 * MB;
/** Flat: the second half's fitted RSS grows by less than this share of where it starts. */
export const SOAK_FLAT_GROWTH = 0.05;
const SAMPLE_EVERY_MS = 10_000;
const CV_SIZES = [50 * 1024, 250 * 1024, 500 * 1024, 1024 * 1024, 2 * 1024 * 1024];
const METRICS_TOKEN = 'soak-metrics-token-0123456789abcdef0123456789';
const POSTS = 50;

/** Minutes the soak runs: `--soak=hour`, BENCH_SOAK_MINUTES, or 10. */
export function soakMinutes(argv = process.argv, env = process.env) {
  if (argv.includes('--soak=hour')) return 60;
  const minutes = Number(env.BENCH_SOAK_MINUTES || 10);
  if (!(minutes > 0)) throw new Error('BENCH_SOAK_MINUTES must be a positive number');
  return minutes;
}

/** `name{labels} value` lines of Prometheus's text format, as [{ name, labels, value }]. */
function parseMetrics(text) {
  const series = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1], label[2]]),
    );
    series.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return series;
}

const valueOf = (series, name, labels = {}) =>
  series
    .filter(
      (entry) =>
        entry.name === name && Object.entries(labels).every(([key, value]) => entry.labels[key] === value),
    )
    .reduce((sum, entry) => sum + entry.value, 0);

async function sample(server, began, seeded) {
  const rss = procStatusBytes(server.pid, 'VmRSS');
  const smaps = smapsBreakdown(server.pid);
  let series = [];
  try {
    const answer = await request(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      timeoutMs: 30_000,
    });
    if (answer.status === 200) series = parseMetrics(answer.body.toString('utf8'));
  } catch {
    // The server is busy writing a heap snapshot: RSS alone this time.
  }
  const count = 'careers_http_request_duration_seconds_count';
  const created = valueOf(series, count, { method: 'POST', route: '/api/applications', status: '201' });
  const deleted = valueOf(series, count, { method: 'DELETE', route: '/api/applications/:id', status: '200' });
  const caches = {};
  for (const entry of series.filter((one) => one.name.startsWith('careers_cache_'))) {
    const name = entry.labels.cache;
    caches[name] ??= {};
    caches[name][entry.name.replace('careers_cache_', '')] = entry.value;
  }
  return {
    seconds: Math.round((performance.now() - began) / 1000),
    rss,
    smaps,
    heapUsed: valueOf(series, 'nodejs_heap_size_used_bytes') || undefined,
    heapTotal: valueOf(series, 'nodejs_heap_size_total_bytes') || undefined,
    external: valueOf(series, 'nodejs_external_memory_bytes') || undefined,
    arrayBuffers: valueOf(series, 'careers_memory_array_buffers_bytes') || undefined,
    applications: series.length ? seeded + created - deleted : undefined,
    requests: series.length
      ? valueOf(series, count) + valueOf(series, 'careers_http_replayed_answers_total')
      : undefined,
    caches,
  };
}

/** Sends SIGUSR2 and resolves with the snapshot's file once the server answers again. */
async function heapSnapshot(server, dir) {
  const before = new Set(readdirSync(dir));
  process.kill(server.pid, 'SIGUSR2');
  const began = performance.now();
  for (;;) {
    const made = readdirSync(dir).find((name) => !before.has(name) && name.endsWith('.heapsnapshot'));
    // The snapshot is written on the server's main thread: an answer means it is complete.
    if (made && (await request(`${server.url}/api/health`, { timeoutMs: 120_000 })).status === 200) {
      return { file: path.join(dir, made), seconds: (performance.now() - began) / 1000 };
    }
    if (performance.now() - began > 180_000) throw new Error('no heap snapshot within 3 minutes');
    await sleep(200);
  }
}

/** Count and self size by constructor (or V8's kind, in parentheses, for what has none). */
export function summariseSnapshot(file) {
  const { snapshot, nodes, strings } = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const byName = new Map();
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    const name =
      type === 'object' || type === 'native'
        ? strings[nodes[i + nameAt]]
        : type.includes('string')
          ? '(string)'
          : `(${type})`;
    const entry = byName.get(name) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += nodes[i + sizeAt];
    byName.set(name, entry);
  }
  return byName;
}

/** What grew from the first summary to the second, largest growth in self size first. */
export function topGrowers(first, second, limit = 12) {
  return [...second]
    .map(([name, now]) => {
      const then = first.get(name) ?? { count: 0, size: 0 };
      return { name, countThen: then.count, countNow: now.count, sizeThen: then.size, sizeNow: now.size };
    })
    .map((entry) => ({ ...entry, growth: entry.sizeNow - entry.sizeThen }))
    .sort((a, b) => b.growth - a.growth)
    .slice(0, limit);
}

/** The least-squares line through (seconds, bytes): slope in bytes a minute, value at `from`. */
function fitLine(points, from) {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.seconds, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.rss, 0) / n;
  const sxy = points.reduce((sum, point) => sum + (point.seconds - meanX) * (point.rss - meanY), 0);
  const sxx = points.reduce((sum, point) => sum + (point.seconds - meanX) ** 2, 0);
  const slope = sxx ? sxy / sxx : 0;
  return { perMinute: slope * 60, at: (seconds) => meanY + slope * (seconds - meanX), from };
}

/** The second half's maximum, slope and growth (the fitted line's rise over its start). */
export function soakVerdict(samples, seconds) {
  const secondHalf = samples.filter((entry) => entry.seconds >= seconds / 2 && entry.rss);
  const line = fitLine(secondHalf, seconds / 2);
  const start = line.at(seconds / 2);
  const growth = (line.at(seconds) - start) / start;
  const max = Math.max(...secondHalf.map((entry) => entry.rss));
  return {
    secondHalfMax: max,
    slopePerMinute: line.perMinute,
    growth,
    flat: growth < SOAK_FLAT_GROWTH,
    met: max <= SOAK_TARGET_BYTES && growth < SOAK_FLAT_GROWTH,
  };
}

function runClient(options) {
  const line = onCpu(LOAD_CPU, process.execPath, [
    path.join(here, 'soak-client.mjs'),
    JSON.stringify(options),
  ]);
  return runForJson(line.command, line.args, { what: 'the soak client' });
}

const mbText = (bytes) => (bytes === undefined ? '—' : `${(bytes / MB).toFixed(0)}`);

/** The samples as a Markdown table (one line a minute, and the last), for docs/operations.md#memory. */
export function soakTable(samples) {
  const cacheNames = [...new Set(samples.flatMap((entry) => Object.keys(entry.caches ?? {})))].sort();
  const lines = [
    `| min | RSS MB | heap used / total MB | external MB | ArrayBuffers MB | applications | ${cacheNames.join(' | ')} |`,
    `| --- | --- | --- | --- | --- | --- |${cacheNames.map(() => ' --- |').join('')}`,
  ];
  const shown = samples.filter((entry, i) => entry.seconds % 60 < 10 || i === samples.length - 1);
  for (const entry of shown)
    lines.push(
      `| ${(entry.seconds / 60).toFixed(1)} | ${mbText(entry.rss)} | ${mbText(entry.heapUsed)} / ${mbText(entry.heapTotal)} | ${mbText(entry.external)} | ${mbText(entry.arrayBuffers)} | ${entry.applications ?? '—'} | ${cacheNames
        .map((name) => {
          const cache = entry.caches?.[name];
          if (!cache) return '—';
          return cache.bytes === undefined
            ? `${cache.entries}`
            : `${cache.entries} (${mbText(cache.bytes)} MB)`;
        })
        .join(' | ')} |`,
    );
  return lines.join('\n');
}

/**
 * Runs the soak for `minutes` on a product of its own (`seeded` applications stored first) and
 * returns the samples, the verdict, the client's counts and, with `snapshots`, the heap's top
 * growers. `serverArgs` and `serverEnv` add Node flags and variables to the server's (for trying
 * settings: try-soak.mjs); `serverLog` is a file that gets everything the server prints.
 */
export async function measureSoak({
  workDir,
  cpu,
  minutes,
  seeded = 1000,
  visitors = 6,
  log = console.info,
  serverArgs = [],
  serverEnv = {},
  serverLog,
  snapshots = false,
}) {
  const seconds = Math.round(minutes * 60);
  const dataDir = path.join(workDir, 'soak-data');
  let product = await startProduct({ port: await freePort(), dataDir });
  const jobIds = await createJobPosts(product.url, await adminToken(product.url), POSTS);
  await product.stop();
  const smallCv = path.join(workDir, 'soak-small-cv.pdf');
  writeFileSync(smallCv, await minimalPdf());
  const seededResult = await seedApplications(dataDir, seeded, smallCv);
  const cvFiles = [];
  for (const size of CV_SIZES) {
    const file = path.join(workDir, `soak-cv-${size}.pdf`);
    writeFileSync(file, await pdfOfSize(size));
    cvFiles.push(file);
  }

  const snapshotDir = tempDir('careers-soak-snapshots-');
  const port = await freePort();
  const server = await launch({
    label: 'product server (soak)',
    command: process.execPath,
    args: [...serverArgs, '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`, serverEntry],
    env: { ...productEnv({ port, dataDir }), ...serverEnv, METRICS_TOKEN },
    onOutput: serverLog ? (chunk) => appendFileSync(serverLog, chunk) : undefined,
    port,
    cpu,
  });
  try {
    const token = await adminToken(server.url);
    const began = performance.now();
    const samples = [await sample(server, began, seededResult.stored)];
    const client = runClient({
      url: server.url,
      token,
      seconds,
      visitors,
      cvFiles,
      jobs: jobIds.map((id, i) => ({ id, title: jobPost(i).jobTitle })),
      firstAddress: 1000,
      applyEvery: 40,
      adminPauseMs: 1000,
    });
    let middle;
    for (let next = SAMPLE_EVERY_MS; next <= seconds * 1000; next += SAMPLE_EVERY_MS) {
      await sleep(Math.max(0, next - (performance.now() - began)));
      const entry = await sample(server, began, seededResult.stored);
      samples.push(entry);
      const where = entry.smaps
        ? ` (glibc heap ${mbText(entry.smaps.heap)}, arenas ${mbText(entry.smaps.arenas)}, wasm ${mbText(entry.smaps.wasm)}, other anonymous ${mbText(entry.smaps.otherAnonymous)})`
        : '';
      log(
        `  ${(entry.seconds / 60).toFixed(1)} min: RSS ${mbText(entry.rss)} MB${where}, heap ${mbText(entry.heapUsed)}/${mbText(entry.heapTotal)} MB, external ${mbText(entry.external)} MB, ${entry.applications ?? '?'} applications`,
      );
      if (snapshots && !middle && next >= (seconds * 1000) / 2) {
        middle = await heapSnapshot(server, snapshotDir);
        log(`  heap snapshot at the middle (${middle.seconds.toFixed(1)} s to write)`);
      }
    }
    const counts = await client;
    const last = await sample(server, began, seededResult.stored);
    let growers;
    if (middle) {
      const end = await heapSnapshot(server, snapshotDir);
      growers = topGrowers(summariseSnapshot(middle.file), summariseSnapshot(end.file));
      for (const file of [middle.file, end.file]) {
        log(`  ${path.basename(file)}: ${(statSync(file).size / MB).toFixed(0)} MB`);
        rmSync(file);
      }
    }
    return {
      minutes,
      seeded: seededResult.stored,
      samples,
      last,
      verdict: soakVerdict(samples, seconds),
      client: counts,
      growers,
    };
  } finally {
    await server.stop();
  }
}

/** The bench row, and the line that runs it again. */
export function soakRow(measured) {
  const { verdict, client, minutes } = measured;
  const valid = client.failed === 0;
  const text =
    `${mbText(verdict.secondHalfMax)} MB, ${verdict.slopePerMinute >= 0 ? '+' : ''}${(verdict.slopePerMinute / MB).toFixed(1)} MB/min ` +
    `(second half ${verdict.growth >= 0 ? '+' : ''}${(verdict.growth * 100).toFixed(1)}%; ${client.requests.toLocaleString('en-GB')} requests, ${client.applied} applied, ${client.failed} failed)`;
  return {
    metric: `resident memory under ${minutes} min of mixed traffic: second-half max, slope (BENCH_SOAK_MINUTES=${minutes} npm run bench -- --only=soak)`,
    product: valid ? text : `INVALID (${text})`,
    target: `<= ${mbText(SOAK_TARGET_BYTES)} MB, flat (< ${SOAK_FLAT_GROWTH * 100}% second-half growth)`,
    met: valid ? verdict.met : 'INVALID',
    details: measured,
  };
}

/** Writes the samples beside the results: `.bench/soak.json`. */
export function writeSoak(measured) {
  const file = path.join(root, '.bench', 'soak.json');
  writeJson(file, { date: new Date().toISOString(), ...measured });
  return file;
}
