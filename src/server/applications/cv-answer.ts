import { PDF_DATA_URL_PREFIX } from '../../shared/limits';
import type { ChangeFeed } from '../db/change-feed';

const HEAD = `{"pdfFile":"${PDF_DATA_URL_PREFIX}`;
/** Bytes encoded at a time: a multiple of 3, so each piece's base64 needs no padding. */
const ENCODE_CHUNK = 48 * 1024;

/**
 * `{ pdfFile, fileSize }` (the CvAnswer of the contract) written straight into one buffer. Base64
 * needs no JSON escaping, so the 7 MB of text of a 5 MB CV is encoded once, with no serializer
 * scanning it and no string concatenations copying it; a piece at a time, so no string of
 * megabytes lands in the JavaScript heap's large-object space for every CV previewed
 * (docs/operations.md#memory).
 */
export function cvAnswerJson(bytes: Buffer): Buffer {
  const tail = `","fileSize":${bytes.length}}`;
  const base64Length = Math.ceil(bytes.length / 3) * 4;
  const answer = Buffer.allocUnsafe(HEAD.length + base64Length + tail.length);
  let offset = answer.write(HEAD, 0, 'latin1');
  for (let start = 0; start < bytes.length; start += ENCODE_CHUNK) {
    const piece = bytes.subarray(start, start + ENCODE_CHUNK).toString('base64');
    offset += answer.write(piece, offset, 'latin1');
  }
  answer.write(tail, offset, 'latin1');
  return answer;
}

/**
 * The last few CV answers, by blob key, up to `maxBytes` in all: an admin who previews a CV and
 * then downloads it gets the second answer without reading and encoding 5 MB again. CVs never
 * change; any change to the applications (here or on another instance) empties the cache, as the
 * change feed does not tell an addition from a removal.
 */
export function createCvAnswerCache(changes: Pick<ChangeFeed, 'subscribe'>, maxBytes: number) {
  const answers = new Map<string, Buffer>();
  // Requests for a CV that is being read share that one read.
  const reading = new Map<string, Promise<Buffer | undefined>>();
  let size = 0;
  changes.subscribe('applications', () => {
    answers.clear();
    reading.clear();
    size = 0;
  });
  const keep = (key: string, answer: Buffer) => {
    if (answer.length > maxBytes || answers.has(key)) return;
    answers.set(key, answer);
    size += answer.length;
    for (const [oldKey, old] of answers) {
      if (size <= maxBytes) break;
      answers.delete(oldKey);
      size -= old.length;
    }
  };
  return {
    /** What the cache holds now: answers, and their bytes. */
    held: () => ({ entries: answers.size, bytes: size }),
    get(key: string, read: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
      const hit = answers.get(key);
      if (hit) {
        // Most recently used goes last; the oldest is evicted first.
        answers.delete(key);
        answers.set(key, hit);
        return Promise.resolve(hit);
      }
      let pending = reading.get(key);
      if (!pending) {
        pending = read()
          .then((bytes) => {
            const answer = bytes && cvAnswerJson(bytes);
            if (answer && reading.get(key) === pending) keep(key, answer);
            return answer;
          })
          .finally(() => {
            if (reading.get(key) === pending) reading.delete(key);
          });
        reading.set(key, pending);
      }
      return pending;
    },
  };
}
