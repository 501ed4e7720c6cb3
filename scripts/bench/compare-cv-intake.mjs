// The CV intake of the same build under different settings, side by side: one server for each
// variant, on the server's pinned core, taking 5 MiB CVs 8 at a time in alternating rounds, each
// round once every server is quiet (measure-cv-intake.mjs says why). For trying a setting against
// the default before it is kept (docs/operations.md#memory):
//
//   node scripts/bench/compare-cv-intake.mjs [<variant> ...]
// A variant is `NAME=value;--flag;...`: the server's environment on top of the benchmark's own,
// and Node flags (each starting with `--`); '' for none. Without arguments: the defaults against
// glibc's own malloc settings.
// Rounds: BENCH_ROUNDS (8); seconds a round: BENCH_INTAKE_SECONDS (6).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_CPU } from './cpu-pinning.mjs';
import { freePort } from './free-port.mjs';
import { installCleanup, stopAll, tempDir } from './lifecycle.mjs';
import { runUploadClient } from './measure-cv-intake.mjs';
import { pdfOfSize } from './pdf-of-size.mjs';
import { procStatusBytes, waitForCpuQuiet } from './proc-status.mjs';
import { adminToken, launch, productEnv, serverEntry } from './product-server.mjs';
import { createJobPosts, jobPost } from './seed-jobs.mjs';
import { median } from './stats.mjs';

const variants = process.argv.length > 2 ? process.argv.slice(2) : ['', 'GLIBC_TUNABLES='];
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const seconds = Number(process.env.BENCH_INTAKE_SECONDS ?? 6);
const MiB = 1024 * 1024;
// Each server's data folder fills with every CV it took.
installCleanup();

const work = tempDir('compare-cv-intake-');
const pdfFile = path.join(work, 'cv.pdf');
writeFileSync(pdfFile, await pdfOfSize(5 * MiB));

const servers = [];
for (const variant of variants) {
  const parts = variant.split(';').filter(Boolean);
  const flags = parts.filter((part) => part.startsWith('--'));
  const env = Object.fromEntries(
    parts
      .filter((part) => !part.startsWith('--'))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const port = await freePort();
  const label = variant || '(defaults)';
  const server = await launch({
    label,
    command: process.execPath,
    args: [...flags, serverEntry],
    env: { ...productEnv({ port, dataDir: tempDir('compare-cv-intake-data-') }), ...env },
    port,
    cpu: SERVER_CPU,
  });
  const [jobId] = await createJobPosts(server.url, await adminToken(server.url), 1);
  servers.push({ label, server, jobId, runs: [] });
}

let firstAddress = 0;
const pids = servers.map(({ server }) => server.pid);
for (let round = 1; round <= rounds; round++) {
  for (const entry of round % 2 ? servers : [...servers].reverse()) {
    await waitForCpuQuiet(pids);
    const result = await runUploadClient({
      url: `${entry.server.url}/api/applications`,
      pdfFile,
      jobId: entry.jobId,
      jobTitle: jobPost(0).jobTitle,
      concurrency: 8,
      seconds,
      firstAddress,
    });
    firstAddress += result.addressesUsed;
    const mibPerSec = result.acceptedCvBytes / MiB / (result.elapsedMs / 1000);
    entry.runs.push(mibPerSec);
    console.info(
      `  round ${round} ${entry.label}: ${mibPerSec.toFixed(1)} MiB/s, ${result.accepted} CVs` +
        `${result.failures ? `, ${result.failures} FAILED` : ''}, peak ${Math.round(procStatusBytes(entry.server.pid, 'VmHWM') / MiB)} MB`,
    );
  }
}
console.info('');
for (const { label, runs } of servers)
  console.info(
    `${label}: median ${median(runs).toFixed(1)} MiB/s (${runs.map((run) => run.toFixed(0)).join(', ')})`,
  );
await stopAll();
process.exit(0);
