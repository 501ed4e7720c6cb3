import { Readable } from 'node:stream';
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
   * The blob's size, and its bytes to come a piece at a time (`BLOB_READ_CHUNK`), so an answer
   * holds a piece of a CV rather than all of it; `undefined` where `get` finds nothing.
   */
  open(key: string): Promise<OpenedBlob | undefined>;
  /**
   * Runs `deleteRow`; removes the blobs of the keys it returns too (an application's CV and its
   * right-to-work evidence go together).
   */
  remove(deleteRow: (db: Db) => Promise<BlobKeys>): Promise<void>;
  /** Removes what an interrupted write left behind; `referencedKeys` lists the keys rows still use. */
  sweep(referencedKeys: () => Promise<Set<string>>): Promise<number>;
}

/** Bytes read at a time by `BlobStore.open`: a few pieces of a CV in memory, not the whole file. */
export const BLOB_READ_CHUNK = 256 * 1024;

/**
 * A blob opened for reading. Its bytes never change once stored (a key is never reused), so what
 * `stream` gives is exactly `size` bytes of the one version there is; a blob removed while it is
 * read ends the stream with an error rather than with fewer bytes.
 */
export interface OpenedBlob {
  readonly size: number;
  /** The bytes, once; the stream owns what `open` holds from then on. */
  stream(): Readable;
  /** Lets go of what `open` holds when the bytes are not wanted after all (a no-op once streamed). */
  close(): void;
}

/**
 * The pieces `read` gives as a stream of exactly `size` bytes, four pieces read ahead at most (one
 * made downloads about a third slower, each waiting on its next read; docs/operations.md#memory): a
 * source that gives more or fewer (a file cut short behind the store's back, a row removed
 * mid-read) ends it with an error, so an answer sent with `size` as its Content-Length is never
 * short or mixed. `release` runs once when the stream closes, however it ends (read, failed, or
 * destroyed by a client that went away before it began).
 */
export function exactStream(
  size: number,
  read: () => AsyncIterable<Buffer>,
  release: () => void = () => undefined,
): Readable {
  async function* checked() {
    let seen = 0;
    for await (const piece of read()) {
      seen += piece.length;
      if (seen > size) break;
      yield piece;
    }
    if (seen !== size) throw new Error(`a blob of ${size} bytes changed while it was read`);
  }
  const stream = Readable.from(checked(), { objectMode: true, highWaterMark: 4 });
  stream.once('close', release);
  return stream;
}
