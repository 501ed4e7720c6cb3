// The soak alone, with settings to try (docs/operations.md#memory): server flags and environment
// variables as arguments, the samples (with the smaps breakdown) written to a file of its own.
// Usage: npm exec -c "node --import tsx scripts/bench/try-soak.mjs <out.json> [--env NAME=value]...
//   [--log file] [node flags]..."; BENCH_SOAK_MINUTES (10), BENCH_SOAK_SNAPSHOTS=1 as for the bench.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { SERVER_CPU } from './cpu-pinning.mjs';
import { installCleanup, stopAll, tempDir } from './lifecycle.mjs';
import { measureSoak, soakMinutes, soakRow, soakTable } from './measure-soak.mjs';

const [out, ...rest] = process.argv.slice(2);
const serverArgs = [];
const serverEnv = {};
let serverLog;
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '--env') {
    const [name, ...value] = rest[++i].split('=');
    serverEnv[name] = value.join('=');
  } else if (rest[i] === '--log') serverLog = rest[++i];
  else serverArgs.push(rest[i]);
}
installCleanup();
const load = () =>
  os
    .loadavg()
    .map((one) => one.toFixed(1))
    .join(' ');
const loadBefore = load();
try {
  const measured = await measureSoak({
    workDir: tempDir('careers-try-soak-'),
    cpu: SERVER_CPU,
    minutes: soakMinutes(),
    serverArgs,
    serverEnv,
    serverLog,
    snapshots: process.env.BENCH_SOAK_SNAPSHOTS === '1',
  });
  const row = soakRow(measured);
  writeFileSync(
    out,
    JSON.stringify(
      { serverArgs, serverEnv, loadBefore, loadAfter: load(), row: row.product, ...measured },
      null,
      1,
    ),
  );
  console.info(soakTable(measured.samples));
  console.info(`${row.product}; load ${loadBefore} -> ${load()}`);
} finally {
  await stopAll();
}
