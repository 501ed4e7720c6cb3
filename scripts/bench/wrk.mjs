// wrk drives every GET comparison: the same binary, threads, connections and duration for the
// product and both baselines, pinned to the load-generator CPU (see cpu-pinning.mjs).
import { LOAD_CPU, onCpu } from './cpu-pinning.mjs';
import { spawnTracked } from './lifecycle.mjs';

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const UNIT_BYTES = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** Parses wrk's text report; undefined fields mean wrk did not print them. */
export function parseWrk(text) {
  const number = (pattern) => {
    const match = text.match(pattern);
    return match ? Number(match[1]) : undefined;
  };
  const latency = text.match(/^\s*50%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  const transfer = text.match(/Transfer\/sec:\s+([\d.]+)([KMGT]?B)/);
  const socket = text.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0;
  return {
    requests: number(/(\d+) requests in/),
    requestsPerSec: number(/Requests\/sec:\s+([\d.]+)/),
    bytesPerSec: transfer ? Number(transfer[1]) * UNIT_BYTES[transfer[2]] : undefined,
    latencyP50Ms: latency ? Number(latency[1]) * UNIT_MS[latency[2]] : undefined,
    // wrk counts answers with a status above 399 here (it calls them "Non-2xx or 3xx").
    errorStatuses: number(/Non-2xx or 3xx responses: (\d+)/) ?? 0,
    socketErrors,
  };
}

/** One wrk run; rejects if wrk itself fails (not when the server answers errors: see `valid`). */
export function runWrk({ url, seconds, connections, threads = 1, headers = {} }) {
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  const line = onCpu(LOAD_CPU, 'wrk', args);
  return new Promise((resolve, reject) => {
    const child = spawnTracked(line.command, line.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const result = parseWrk(out);
      if (code !== 0 || result.requestsPerSec === undefined) {
        reject(new Error(`wrk ${args.join(' ')} failed (${code}):\n${out}`));
      } else {
        // A run counts only if every answer was a success and no connection broke.
        resolve({ ...result, valid: result.errorStatuses === 0 && result.socketErrors === 0 });
      }
    });
  });
}
