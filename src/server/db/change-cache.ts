import type { ChangeFeed, ChangeTopic } from './change-feed';

export interface ChangeCacheOptions<T> {
  /** How long a value is trusted without a second look (a lost change notice is caught then). */
  maxAgeMs: number;
  /** Part of the value's identity besides its topic (such as the UK date, for closing dates). */
  key?: () => string;
  /**
   * Whether a value read again holds what the kept one does: the kept one (the very same object)
   * then stays, so whatever was built from it (a drawn page) stays too.
   */
  same?: (kept: T, read: T) => boolean;
  /**
   * Past `maxAgeMs`, with no change heard and the same key, keep answering with the kept value
   * while it is read again in the background, rather than make the caller wait for the read.
   */
  recheckInBackground?: boolean;
}

export interface ChangeCache<T> {
  get(): Promise<T>;
  /** The value `get()` would answer with, when it has it at hand (read, fresh, unchanged). */
  peek(): T | undefined;
  /**
   * Hears each change that makes the kept value stale: a change notice on its topic (here or from
   * another instance), or a second look that found the value changed. Returns the unsubscribe.
   */
  onStale(listener: () => void): () => void;
}

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
  options: ChangeCacheOptions<T>,
): ChangeCache<T> {
  let cached: { value: Promise<T>; key: string; loadedAt: number; loaded?: T } | undefined;
  // The last value read, kept across a change so that a read finding the same content answers it
  // (only with `same`).
  let lastLoaded: T | undefined;
  let rechecking = false;
  const listeners = new Set<() => void>();
  const stale = () => {
    for (const listener of listeners) listener();
  };
  const currentKey = () => options.key?.() ?? '';
  const fresh = () =>
    cached && cached.key === currentKey() && Date.now() - cached.loadedAt < options.maxAgeMs
      ? cached
      : undefined;
  const keep = (read: T): T => {
    // Without a way to tell two reads alike there is nothing to compare with, and keeping the
    // last read would hold the whole previous answer (4.6 MB of the application list at 10,000)
    // after every change until the next read.
    if (!options.same) return read;
    const kept = lastLoaded !== undefined && options.same?.(lastLoaded, read) ? lastLoaded : read;
    lastLoaded = kept;
    return kept;
  };
  let generation = 0;
  changes.subscribe(topic, () => {
    generation++;
    cached = undefined;
    stale();
  });

  /** A second look at a value past its age: it stays unless the read finds it changed. */
  const recheck = (entry: NonNullable<typeof cached> & { loaded: T }) => {
    rechecking = true;
    const startedAt = generation;
    load().then(
      (read) => {
        rechecking = false;
        if (generation !== startedAt || cached !== entry) return;
        const kept = keep(read);
        if (kept === entry.loaded) {
          entry.loadedAt = Date.now();
          return;
        }
        cached = { value: Promise.resolve(kept), key: entry.key, loadedAt: Date.now(), loaded: kept };
        stale();
      },
      () => {
        // The kept value stays; the next caller tries again.
        rechecking = false;
      },
    );
  };

  return {
    get() {
      const current = fresh();
      if (current) return current.value;
      if (options.recheckInBackground && cached?.loaded !== undefined && cached.key === currentKey()) {
        if (!rechecking) recheck(cached as NonNullable<typeof cached> & { loaded: T });
        return cached.value;
      }
      const startedAt = generation;
      const entry: NonNullable<typeof cached> = {
        value: load().then(keep),
        key: currentKey(),
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
    peek() {
      return fresh()?.loaded;
    },
    onStale(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
