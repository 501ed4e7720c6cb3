import type { Db } from '../db/database';

/** The blob keys a deleted row held: one, several, or none. */
export type BlobKeys = string | null | undefined | ReadonlyArray<string | null | undefined>;

export const keysOf = (keys: BlobKeys): string[] =>
  (Array.isArray(keys)
    ? (keys as ReadonlyArray<string | null | undefined>)
    : [keys as string | null | undefined]
  ).filter((key): key is string => typeof key === 'string' && key.length > 0);

/**
 * Where CV bytes live, and in what order they and their row become durable: the file store
 * writes and fsyncs the file before the row commits (and removes it if the row fails); the
 * PostgreSQL store commits bytes and row in one transaction. Either way an answered application
 * has both, and an interrupted one leaves at most a file that `sweep` removes.
 */
export interface BlobStore {
  readonly kind: 'files' | 'postgres';
  /** Stores the bytes, then runs `writeRow` in a transaction (the same one as the bytes in PostgreSQL). */
  store(key: string, bytes: Buffer, writeRow: (db: Db) => Promise<void>): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /**
   * Runs `deleteRow`; removes the blobs of the keys it returns too (an application's CV and its
   * right-to-work evidence go together).
   */
  remove(deleteRow: (db: Db) => Promise<BlobKeys>): Promise<void>;
  /** Removes what an interrupted write left behind; `referencedKeys` lists the keys rows still use. */
  sweep(referencedKeys: () => Promise<Set<string>>): Promise<number>;
}
