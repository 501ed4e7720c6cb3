import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ExportFileReader } from '../domain-module/server-module';
import { base64Length, base64Pieces, type StreamedFile } from '../http/base64-stream';

/** What the export reads stored files from (the blob store, blobs/blob-store.ts#open). */
export interface ExportFileSource {
  open(key: string): Promise<StreamedFile | undefined>;
}

/**
 * The stored files of one access export. Each file read stands in the export as a text no data
 * can hold by chance (a random value of this export, and its number); the JSON is written with
 * those, then sent with each stand-in replaced by the file's base64 as the file is read. So the
 * answer is the same bytes as with the base64 in it, and memory holds the export's text and a
 * piece of one file, never the files (docs/operations.md#memory).
 */
export function createExportFiles(source: ExportFileSource) {
  const tag = randomUUID();
  const files: StreamedFile[] = [];
  const closeAll = () => {
    for (const file of files) file.close();
  };
  const read: ExportFileReader = async (key) => {
    const file = await source.open(key);
    if (!file) return undefined;
    files.push(file);
    return { size: file.size, base64: `${tag}:${files.length - 1}` };
  };
  return {
    read,
    /** Lets go of the files read, when the export is not sent after all. */
    close: closeAll,
    /** `json` with each file's base64 in place of its stand-in: its length, and its bytes as they are read. */
    answer(json: string): { length: number; stream: Readable } {
      const parts: Array<Buffer | StreamedFile> = [];
      let from = 0;
      for (const match of json.matchAll(new RegExp(`${tag}:(\\d+)`, 'g'))) {
        parts.push(Buffer.from(json.slice(from, match.index)), files[Number(match[1])]!);
        from = match.index + match[0].length;
      }
      parts.push(Buffer.from(json.slice(from)));
      async function* pieces() {
        for (const part of parts) {
          if (Buffer.isBuffer(part)) yield part;
          else yield* base64Pieces(part.stream());
        }
      }
      const stream = Readable.from(pieces(), { objectMode: true, highWaterMark: 1 });
      // Files not reached (the client went away) or not in the export are let go with it.
      stream.once('close', closeAll);
      const length = parts.reduce(
        (sum, part) => sum + (Buffer.isBuffer(part) ? part.length : base64Length(part.size)),
        0,
      );
      return { length, stream };
    },
  };
}

/** Whether files are stored, without reading them: for asking whether anything is held at all. */
export const fileSizesOnly =
  (source: ExportFileSource): ExportFileReader =>
  async (key) => {
    const file = await source.open(key);
    file?.close();
    return file && { size: file.size, base64: '' };
  };
