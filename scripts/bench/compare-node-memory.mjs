// The server's resident memory on two Node.js binaries, side by side, the same build on each:
//   5 s after start (no jobs), after 45 s of quiet, 3 s after 50 job posts arrive, and the peak
//   during 8 concurrent 5 MiB CV uploads (each from its own address, for 20 s).
// A supported Node runs the product's entry (dist/server/main.js), which starts the server with its
// own V8 settings as `npm start` does (flags given here come on top of them); an older Node runs
// the built server module itself (dist/server/server.js), so the entry's check for a supported
// Node does not stop it.
//
//   node scripts/bench/compare-node-memory.mjs [<node binary> ...]
// Without arguments: the machine's /usr/bin/node and the project's node (node_modules/.bin/node).
// `<node binary>::<flag>,<flag>` runs that Node with V8 or Node flags, to try settings; a
// `NAME=value` among them is set in its environment instead.
// Rounds alternate between the binaries (BENCH_ROUNDS, 2); the table shows medians.
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { installCleanup, tempDir } from './lifecycle.mjs';
import { pdfOfSize } from './pdf-of-size.mjs';
import { procStatusBytes, resetPeakRss } from './proc-status.mjs';
import { adminToken, launch, productEnv, root } from './product-server.mjs';
import { createJobPosts, jobPost } from './seed-jobs.mjs';
import { median, sleep } from './stats.mjs';

const binaries =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['/usr/bin/node', path.join(root, 'node_modules', '.bin', 'node')];
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
// Each round's data folder fills with seconds of 5 MiB uploads: gigabytes if left behind.
installCleanup();
const serverModule = path.join(root, 'dist', 'server', 'server.js');
const entryModule = path.join(root, 'dist', 'server', 'main.js');
const nodeMajor = (node) =>
  Number(execFileSync(node, ['--version'], { encoding: 'utf8' }).trim().slice(1).split('.')[0]);
const MB = 1024 * 1024;

async function measureOnce(spec) {
  const [node, list = ''] = spec.split('::');
  const tokens = list.split(',').filter(Boolean);
  const isEnv = (token) => /^[A-Z_]+=/.test(token);
  const flags = tokens.filter((token) => !isEnv(token));
  const env = Object.fromEntries(tokens.filter(isEnv).map((token) => token.split('=')));
  const port = await freePort();
  const server = await launch({
    label: `server on ${spec}`,
    command: node,
    args: [...flags, nodeMajor(node) >= 24 ? entryModule : serverModule],
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

    const pdfFile = path.join(tempDir('node-memory-pdf-'), 'cv.pdf');
    writeFileSync(pdfFile, await pdfOfSize(5 * MB));
    resetPeakRss(server.pid);
    const client = spawn(
      process.execPath,
      [
        path.join(root, 'scripts', 'bench', 'cv-upload-client.mjs'),
        JSON.stringify({
          url: `${server.url}/api/applications`,
          pdfFile,
          jobId: jobs[0],
          jobTitle: jobPost(0).jobTitle,
          concurrency: 8,
          seconds: 20,
          firstAddress: 1000,
        }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    client.stdout.on('data', (chunk) => (output += chunk));
    await new Promise((resolve) => client.on('close', resolve));
    const uploads = JSON.parse(output);
    const peak = procStatusBytes(server.pid, 'VmHWM');
    return { afterStart, atRest, withJobs, peak, accepted: uploads.accepted, failures: uploads.failures };
  } finally {
    await server.stop();
  }
}

const results = new Map(binaries.map((node) => [node, []]));
for (let round = 0; round < rounds; round++)
  for (const node of round % 2 === 0 ? binaries : [...binaries].reverse())
    results.get(node).push(await measureOnce(node));

const version = (spec) => {
  const [node, flags] = spec.split('::');
  return `${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}${flags ? ` ${flags}` : ''}`;
};
const row = (label, key) =>
  `| ${label} | ${binaries.map((node) => `${(median(results.get(node).map((r) => r[key])) / MB).toFixed(0)} MB`).join(' | ')} |`;
console.info(`| resident memory | ${binaries.map(version).join(' | ')} |`);
console.info(`| --- | ${binaries.map(() => '---').join(' | ')} |`);
console.info(row('5 s after start, no jobs', 'afterStart'));
console.info(row('after 45 s of quiet', 'atRest'));
console.info(row('3 s after 50 job posts', 'withJobs'));
console.info(row('peak during 8 concurrent 5 MiB uploads', 'peak'));
for (const node of binaries)
  console.info(
    `${version(node)}: uploads accepted per round ${results
      .get(node)
      .map((r) => `${r.accepted} (${r.failures} failed)`)
      .join(', ')}`,
  );
