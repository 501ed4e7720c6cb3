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
): { get(): Promise<T>; peek(): T | undefined } {
  let cached: { value: Promise<T>; key: string; loadedAt: number; loaded?: T } | undefined;
  const fresh = () => {
    const key = options.key?.() ?? '';
    return cached && cached.key === key && Date.now() - cached.loadedAt < options.maxAgeMs
      ? cached
      : undefined;
  };
  let generation = 0;
  changes.subscribe(topic, () => {
    generation++;
    cached = undefined;
  });
  return {
    get() {
      const current = fresh();
      if (current) return current.value;
      const startedAt = generation;
      const entry: NonNullable<typeof cached> = {
        value: load(),
        key: options.key?.() ?? '',
        loadedAt: Date.now(),
      };
      cached = entry;
      entry.value.then(
        (value) => {
          if (generation !== startedAt && cached === entry) cached = undefined;
          else entry.loaded = value;
        },
        () => {
          if (cached === entry) cached = undefined;
        },
      );
      return entry.value;
    },
    /** The value `get()` would answer with, when it has it at hand (read, fresh, unchanged). */
    peek() {
      return fresh()?.loaded;
    },
  };
}
