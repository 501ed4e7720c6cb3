// Requests a second for one GET, product against the baselines serving the very same bytes,
// in alternating rounds (product, plain Node, nginx, then the other way round, ...): load on the
// shared machine that comes and goes then hits every server alike, and the per-round ratio
// cancels it out. Many short rounds rather than a few long ones: a spell of other work that takes
// the servers' core for a few seconds then spoils one ratio of many, not one of three.
import { median } from './stats.mjs';
import { runWrk } from './wrk.mjs';

/**
 * `targets`: [{ key, url }] (the product first). Returns, per target, the rounds and their median,
 * and the median of the per-round ratios product / plain Node.
 */
export async function measureGetThroughput({ path, headers, targets, rounds, seconds, connections }) {
  const runs = Object.fromEntries(targets.map((target) => [target.key, []]));
  // Warm-up, not counted: the JIT of each Node server, the page cache for nginx.
  for (const target of targets)
    await runWrk({ url: `${target.url}${path}`, seconds: 1, connections, headers });
  for (let round = 1; round <= rounds; round++) {
    // Each server goes first in turn, so whatever the order itself costs falls on each alike.
    const order = round % 2 === 1 ? targets : [...targets].reverse();
    for (const target of order) {
      const result = await runWrk({ url: `${target.url}${path}`, seconds, connections, headers });
      runs[target.key].push(result);
      console.info(
        `  ${path} round ${round} ${target.key}: ${result.requestsPerSec.toFixed(0)} req/s` +
          (result.valid
            ? ''
            : ` (INVALID: ${result.errorStatuses} error statuses, ${result.socketErrors} socket errors)`),
      );
    }
  }
  const summary = {};
  for (const [key, list] of Object.entries(runs)) {
    summary[key] = {
      requestsPerSec: median(list.map((run) => run.requestsPerSec)),
      latencyP50Ms: median(list.map((run) => run.latencyP50Ms)),
      valid: list.every((run) => run.valid),
      rounds: list,
    };
  }
  const ratios = runs.product.map((run, i) => run.requestsPerSec / runs.plainNode[i].requestsPerSec);
  return { ...summary, ratio: median(ratios), ratios };
}
