// CV intake: 5 MiB CVs, 8 uploads at a time, each from its own loopback address (see
// cv-upload-client.mjs), against the product and the plain Node server in alternating rounds.
// The figure is CV MiB accepted (answered 201) a second; any other answer makes the run INVALID.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_CPU, onCpu } from './cpu-pinning.mjs';
import { runForJson } from './lifecycle.mjs';
import { waitForCpuQuiet } from './proc-status.mjs';
import { median, quantile } from './stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;
// Every upload gets a new source address across the whole run, so no address is used twice
// within the product's one-minute rate-limit window.
let nextAddress = 0;

/**
 * Runs the upload client (cv-upload-client.mjs says what `options` holds) on the load generators'
 * CPU; resolves with what it measured.
 */
export function runUploadClient(options) {
  const line = onCpu(LOAD_CPU, process.execPath, [
    path.join(here, 'cv-upload-client.mjs'),
    JSON.stringify(options),
  ]);
  return runForJson(line.command, line.args, { what: 'the CV upload client' });
}

async function uploadRound(options) {
  const result = await runUploadClient({ ...options, firstAddress: nextAddress });
  nextAddress += result.addressesUsed;
  return result;
}

/**
 * `targets`: [{ key, url, pid }] (the product first); `pdfFile`: the CV every upload sends. Each
 * round starts once every target's process is quiet, and the order alternates from round to round.
 */
export async function measureCvIntake({ targets, pdfFile, jobId, jobTitle, rounds, seconds, concurrency }) {
  const runs = Object.fromEntries(targets.map((target) => [target.key, []]));
  const pids = targets.map((target) => target.pid).filter((pid) => pid !== undefined);
  for (let round = 1; round <= rounds; round++) {
    for (const target of round % 2 ? targets : [...targets].reverse()) {
      await waitForCpuQuiet(pids);
      const result = await uploadRound({
        url: `${target.url}/api/applications`,
        pdfFile,
        jobId,
        jobTitle,
        concurrency,
        seconds,
      });
      const mibPerSec = result.acceptedCvBytes / MiB / (result.elapsedMs / 1000);
      const valid = result.failures === 0 && result.accepted > 0;
      runs[target.key].push({
        mibPerSec,
        valid,
        accepted: result.accepted,
        failures: result.failures,
        firstFailure: result.firstFailure,
        elapsedMs: Math.round(result.elapsedMs),
        latencyP50Ms: quantile(result.latencies, 0.5),
        latencyP90Ms: quantile(result.latencies, 0.9),
      });
      console.info(
        `  CV intake round ${round} ${target.key}: ${mibPerSec.toFixed(1)} MiB/s, ${result.accepted} CVs, ` +
          `p50 ${quantile(result.latencies, 0.5)?.toFixed(0)} ms` +
          (valid
            ? ''
            : ` (INVALID: ${result.failures} failed, first: ${JSON.stringify(result.firstFailure)})`),
      );
    }
  }
  const summary = {};
  for (const [key, list] of Object.entries(runs)) {
    summary[key] = {
      mibPerSec: median(list.map((run) => run.mibPerSec)),
      valid: list.every((run) => run.valid),
      rounds: list,
    };
  }
  const ratios = runs.product.map((run, i) => run.mibPerSec / runs.plainNode[i].mibPerSec);
  return { ...summary, ratio: median(ratios), ratios };
}
