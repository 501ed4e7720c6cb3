import type { Db } from '../db/database';

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
  /** Runs `deleteRow`; if it returns a key, removes that blob too. */
  remove(deleteRow: (db: Db) => Promise<string | null | undefined>): Promise<void>;
  /** Removes what an interrupted write left behind; `referencedKeys` lists the keys rows still use. */
  sweep(referencedKeys: () => Promise<Set<string>>): Promise<number>;
}
