// Small statistics helpers shared by the benchmark and scripts/measure-server.mjs.

/** The q-quantile (0..1) by the nearest-rank method; q = 0.5 is the median. */
export function quantile(values, q) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The median; for an even count, the mean of the two middle values (rounds are few, so this matters). */
export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
