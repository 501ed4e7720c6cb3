import { Readable } from 'node:stream';

/** A stored file opened for reading, as the blob store gives it (blobs/blob-store.ts#OpenedBlob). */
export interface StreamedFile {
  readonly size: number;
  stream(): Readable;
  close(): void;
}

/**
 * Bytes encoded at a time: a multiple of 3, so no piece but the last needs padding, and small
 * enough that no piece's string lands in the JavaScript heap's large-object space.
 */
const ENCODE_CHUNK = 48 * 1024;

/** The length of the base64 of `size` bytes. */
export const base64Length = (size: number): number => Math.ceil(size / 3) * 4;

/**
 * The base64 of what `pieces` gives, a piece at a time: the same text as the base64 of all the
 * bytes at once, whatever sizes the pieces come in.
 */
export async function* base64Pieces(pieces: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let rest: Buffer | undefined;
  for await (const piece of pieces) {
    const bytes = rest ? Buffer.concat([rest, piece]) : piece;
    const whole = bytes.length - (bytes.length % 3);
    for (let start = 0; start < whole; start += ENCODE_CHUNK)
      yield Buffer.from(
        bytes.subarray(start, Math.min(start + ENCODE_CHUNK, whole)).toString('base64'),
        'latin1',
      );
    rest = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : undefined;
  }
  if (rest) yield Buffer.from(rest.toString('base64'), 'latin1');
}

/**
 * A JSON answer with a blob's base64 in it, sent as it is read: `head`, the base64, `tail`, with
 * its length known before the first byte (for Content-Length).
 */
export function base64Answer(
  head: string,
  blob: StreamedFile,
  tail: string,
): { length: number; stream: Readable } {
  async function* pieces() {
    yield Buffer.from(head);
    yield* base64Pieces(blob.stream());
    yield Buffer.from(tail);
  }
  const stream = Readable.from(pieces(), { objectMode: true, highWaterMark: 1 });
  // A client gone before the blob was reached leaves it opened: let it go.
  stream.once('close', () => blob.close());
  return { length: Buffer.byteLength(head) + base64Length(blob.size) + Buffer.byteLength(tail), stream };
}
