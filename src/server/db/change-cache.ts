import type { ChangeFeed, ChangeTopic } from './change-feed';

/**
 * One value read from the database and kept until its topic changes (here or, through the change
 * feed, on another instance), its key changes (such as the UK date, for closing dates), or
 * `maxAgeMs` passes, a safety net in case a change notice from another instance were lost.
 * Concurrent readers share one read; a failed read is not kept, nor one a change overtook.
 */
export function createChangeCache<T>(
  changes: ChangeFeed,
  topic: ChangeTopic,
  load: () => Promise<T>,
  options: { maxAgeMs: number; key?: () => string },
): { get(): Promise<T> } {
  let cached: { value: Promise<T>; key: string; loadedAt: number } | undefined;
  let generation = 0;
  changes.subscribe(topic, () => {
    generation++;
    cached = undefined;
  });
  return {
    get() {
      const key = options.key?.() ?? '';
      if (cached && cached.key === key && Date.now() - cached.loadedAt < options.maxAgeMs)
        return cached.value;
      const startedAt = generation;
      const entry = { value: load(), key, loadedAt: Date.now() };
      cached = entry;
      entry.value.then(
        () => {
          if (generation !== startedAt && cached === entry) cached = undefined;
        },
        () => {
          if (cached === entry) cached = undefined;
        },
      );
      return entry.value;
    },
  };
}
