/** How much one cache holds now: its entries, and their bytes where it counts them. */
export interface CacheSize {
  entries: number;
  bytes?: number;
}

/**
 * Where each cache and buffer of the server says how much it holds, read by /metrics at each
 * scrape (`careers_cache_entries`, `careers_cache_bytes`): the parts register a reading, nothing
 * is kept per request. Each cache's bound is in docs/operations.md#memory.
 */
export function createCacheSizes() {
  const readings = new Map<string, () => CacheSize>();
  return {
    report(name: string, read: () => CacheSize): void {
      readings.set(name, read);
    },
    read: (): Array<CacheSize & { cache: string }> =>
      [...readings].map(([cache, read]) => ({ cache, ...read() })),
  };
}

export type CacheSizes = ReturnType<typeof createCacheSizes>;
