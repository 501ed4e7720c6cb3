import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { PDF_DATA_URL_PREFIX } from '../../shared/limits';
import { base64Answer, base64Length, type StreamedFile } from '../http/base64-stream';
import type { ChangeFeed } from '../db/change-feed';

const HEAD = `{"pdfFile":"${PDF_DATA_URL_PREFIX}`;
const tailOf = (size: number) => `","fileSize":${size}}`;

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
  const tail = tailOf(bytes.length);
  const answer = Buffer.allocUnsafe(cvAnswerLength(bytes.length));
  let offset = answer.write(HEAD, 0, 'latin1');
  for (let start = 0; start < bytes.length; start += ENCODE_CHUNK) {
    const piece = bytes.subarray(start, start + ENCODE_CHUNK).toString('base64');
    offset += answer.write(piece, offset, 'latin1');
  }
  answer.write(tail, offset, 'latin1');
  return answer;
}

/** The length of the CV answer of a CV of `size` bytes. */
export const cvAnswerLength = (size: number): number =>
  HEAD.length + base64Length(size) + tailOf(size).length;

/**
 * The same answer as `cvAnswerJson`, byte for byte, written as the CV is read: what it holds at
 * a time is a piece of the CV and its base64, not 7 MB (docs/operations.md#memory).
 */
export const cvAnswerStream = (cv: StreamedFile): { length: number; stream: Readable } =>
  base64Answer(HEAD, cv, tailOf(cv.size));

/** Sends the CV answer as the CV is read, with its length; already in the CvAnswer shape, so the typed reply is bypassed. */
export function sendCvAnswerStream(reply: FastifyReply, cv: StreamedFile): FastifyReply {
  const { length, stream } = cvAnswerStream(cv);
  return reply.type('application/json; charset=utf-8').header('content-length', length).send(stream);
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
  const kept = (key: string): Buffer | undefined => {
    const hit = answers.get(key);
    if (hit) {
      // Most recently used goes last; the oldest is evicted first.
      answers.delete(key);
      answers.set(key, hit);
    }
    return hit;
  };
  return {
    /** What the cache holds now: answers, and their bytes. */
    held: () => ({ entries: answers.size, bytes: size }),
    /** Whether an answer of `length` bytes would be kept: one that would not is better streamed. */
    keeps: (length: number): boolean => length <= maxBytes,
    /** The answer kept for `key`, if any (most recently used from now). */
    kept,
    get(key: string, read: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
      const hit = kept(key);
      if (hit) return Promise.resolve(hit);
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
