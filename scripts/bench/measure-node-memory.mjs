// The server's resident memory on two or more Node.js binaries, side by side, the same build on
// each: 5 s after start (no jobs), after 45 s of quiet, 3 s after 50 job posts arrive, the peak
// of one wave of 8 CVs of 5 MiB sent at once, and the peak while it then takes 160 more, 8 at a
// time, each from its own address. A fixed number of uploads rather than a fixed time: every
// server does the same work, and a quicker one is not measured with more CVs stored and more
// bodies passed through.
// A supported Node runs the product's entry (dist/server/main.js), which starts the server with its
// own V8 settings as `npm start` does (flags given here come on top of them); an older Node runs
// the built server module itself (dist/server/server.js), as it ran before the move to Node 24, so
// the entry's check for a supported Node does not stop it.
// A spec is `<node binary>` or `<node binary>::<flag>,<flag>` (V8 or Node flags, to try settings;
// a `NAME=value` among them is set in the server's environment instead). Rounds alternate between
// the specs, so noise on a shared machine hits each alike; the figures are medians.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { runUploadClient } from './measure-cv-intake.mjs';
import { tempDir } from './lifecycle.mjs';
import { pdfOfSize } from './pdf-of-size.mjs';
import { procStatusBytes, resetPeakRss } from './proc-status.mjs';
import { adminToken, launch, productEnv, root } from './product-server.mjs';
import { createJobPosts, jobPost } from './seed-jobs.mjs';
import { median, sleep } from './stats.mjs';

const serverModule = path.join(root, 'dist', 'server', 'server.js');
const entryModule = path.join(root, 'dist', 'server', 'main.js');
const MB = 1024 * 1024;
const UPLOADS = 160;

/** The moments measured, in the order of a run. */
export const NODE_MEMORY_POINTS = [
  ['afterStart', '5 s after start, no jobs'],
  ['atRest', 'after 45 s of quiet'],
  ['withJobs', '3 s after 50 job posts'],
  ['eightUploads', 'peak after 8 concurrent 5 MiB uploads'],
  ['peak', 'peak taking 160 CVs of 5 MiB, 8 at a time'],
];

/** The major version of a Node.js binary, or undefined when it cannot be run. */
export function nodeMajor(node) {
  try {
    return Number(execFileSync(node, ['--version'], { encoding: 'utf8' }).trim().slice(1).split('.')[0]);
  } catch {
    return undefined;
  }
}

/**
 * What a spec asks for, read once: the binary, its flags, its environment (split at the first '='
 * only: a value may hold its own, GLIBC_TUNABLES=glibc.malloc.x=1), its label ("v24.21.0" and the
 * flags) and the module it runs.
 */
function parseSpec(spec) {
  const [node, list = ''] = spec.split('::');
  const tokens = list.split(',').filter(Boolean);
  const isEnv = (token) => /^[A-Z_]+=/.test(token);
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  return {
    node,
    flags: tokens.filter((token) => !isEnv(token)),
    env: Object.fromEntries(
      tokens
        .filter(isEnv)
        .map((token) => [token.slice(0, token.indexOf('=')), token.slice(token.indexOf('=') + 1)]),
    ),
    label: `${version}${list ? ` ${list}` : ''}`,
    module: Number(version.slice(1).split('.')[0]) >= 24 ? entryModule : serverModule,
  };
}

async function measureOnce({ node, flags, env, label, module }, pdfFile, firstAddress) {
  const port = await freePort();
  const server = await launch({
    label: `server on ${label}`,
    command: node,
    args: [...flags, module],
    env: { ...productEnv({ port, dataDir: tempDir('node-memory-') }), ...env },
    port,
    readyPath: '/api/health',
  });
  const rss = () => procStatusBytes(server.pid, 'VmRSS');
  try {
    const startedAt = performance.now();
    await sleep(5000 - (performance.now() - startedAt));
    const afterStart = rss();
    await sleep(45_000 - (performance.now() - startedAt));
    const atRest = rss();

    const token = await adminToken(server.url);
    const jobs = await createJobPosts(server.url, token, 50);
    await sleep(3000);
    const withJobs = rss();

    // One wave of eight, the load the first comparison of the two Nodes measured.
    const upload = {
      url: `${server.url}/api/applications`,
      pdfFile,
      jobId: jobs[0],
      jobTitle: jobPost(0).jobTitle,
    };
    resetPeakRss(server.pid);
    const wave = await runUploadClient({ ...upload, concurrency: 8, count: 8, seconds: 120, firstAddress });
    const eightUploads = procStatusBytes(server.pid, 'VmHWM');

    resetPeakRss(server.pid);
    const uploads = await runUploadClient({
      ...upload,
      concurrency: 8,
      count: UPLOADS,
      // A bound, should a server stall: 160 uploads take 5-10 s on two cores.
      seconds: 300,
      firstAddress: firstAddress + wave.addressesUsed,
    });
    const peak = procStatusBytes(server.pid, 'VmHWM');
    return {
      afterStart,
      atRest,
      withJobs,
      eightUploads,
      peak,
      accepted: uploads.accepted,
      failures: uploads.failures + wave.failures,
      addressesUsed: wave.addressesUsed + uploads.addressesUsed,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Each spec measured `rounds` times, alternating. Returns per spec its label, every round and the
 * median bytes of each point.
 */
export async function measureNodeMemory({ specs, rounds, log = console.info }) {
  const parsed = new Map(specs.map((spec) => [spec, parseSpec(spec)]));
  const runs = new Map(specs.map((spec) => [spec, []]));
  const pdfFile = path.join(tempDir('node-memory-pdf-'), 'cv.pdf');
  writeFileSync(pdfFile, await pdfOfSize(5 * MB));
  // Every upload comes from a new loopback address, so none meets the intake's rate limit.
  let firstAddress = 1000;
  for (let round = 0; round < rounds; round++)
    for (const spec of round % 2 === 0 ? specs : [...specs].reverse()) {
      const run = await measureOnce(parsed.get(spec), pdfFile, firstAddress);
      firstAddress += run.addressesUsed;
      runs.get(spec).push(run);
      log(
        `  ${parsed.get(spec).label} round ${round + 1}: ` +
          NODE_MEMORY_POINTS.map(([key]) => `${(run[key] / MB).toFixed(0)}`).join(' / ') +
          ` MB, ${run.accepted} uploads (${run.failures} failed)`,
      );
    }
  return specs.map((spec) => ({
    spec,
    label: parsed.get(spec).label,
    rounds: runs.get(spec),
    medians: Object.fromEntries(
      NODE_MEMORY_POINTS.map(([key]) => [key, median(runs.get(spec).map((run) => run[key]))]),
    ),
  }));
}

/** The side-by-side table (Markdown), one column per spec. */
export function nodeMemoryTable(results) {
  const lines = [
    `| resident memory | ${results.map((result) => result.label).join(' | ')} |`,
    `| --- | ${results.map(() => '---').join(' | ')} |`,
    ...NODE_MEMORY_POINTS.map(
      ([key, label]) =>
        `| ${label} | ${results.map((result) => `${(result.medians[key] / MB).toFixed(0)} MB`).join(' | ')} |`,
    ),
    `| uploads accepted per round | ${results
      .map((result) => result.rounds.map((run) => run.accepted).join(', '))
      .join(' | ')} |`,
  ];
  return lines.join('\n');
}
