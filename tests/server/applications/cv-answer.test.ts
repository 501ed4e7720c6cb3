import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  createCvAnswerCache,
  cvAnswerJson,
  cvAnswerStream,
} from '../../../src/server/applications/cv-answer';
import type { OpenedBlob } from '../../../src/server/blobs/blob-store';
import { createLocalChangeFeed } from '../../../src/server/db/change-feed';

/** A blob whose stream gives `bytes` in pieces of `size` bytes. */
const inPieces = (bytes: Buffer, size: number): OpenedBlob => ({
  size: bytes.length,
  stream: () =>
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      ),
    ),
  close: () => undefined,
});

describe('the CV answer', () => {
  it('is the CvAnswer JSON, byte for byte, for every length', async () => {
    // Across the pieces it is encoded in (48 KB) as well.
    for (const length of [0, 1, 2, 3, 4, 5, 1000, 1001, 1002, 49_151, 49_152, 49_153, 100_001]) {
      const bytes = Buffer.from(Array.from({ length }, (_, index) => (index * 37) % 256));
      const text = cvAnswerJson(bytes).toString('latin1');
      expect(JSON.parse(text)).toEqual({
        pdfFile: `data:application/pdf;base64,${bytes.toString('base64')}`,
        fileSize: length,
      });
      // Streamed as the store reads it, in pieces of any length: the same bytes, and the length said first.
      const streamed = cvAnswerStream(inPieces(bytes, 1000 + (length % 7)));
      expect(streamed.length).toBe(text.length);
      expect((await buffer(streamed.stream)).toString('latin1')).toBe(text);
    }
  });
});

describe('the CV answer cache', () => {
  it('reads each CV once however many ask at once, stays within its size, and empties on a removal', async () => {
    const feed = createLocalChangeFeed();
    const cache = createCvAnswerCache(feed, 3 * 1024 * 1024);
    const reads: string[] = [];
    const cv = (key: string) => async () => {
      reads.push(key);
      return Buffer.alloc(1024 * 1024, key);
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => cache.get('a', cv('a'))));
    expect(reads).toEqual(['a']);
    expect(new Set(answers).size).toBe(1);
    await cache.get('a', cv('a'));
    expect(reads).toEqual(['a']);
    // Each answer is about 1.4 MB (base64): two fit in 3 MB, a third pushes out the least recent.
    await cache.get('b', cv('b'));
    await cache.get('a', cv('a'));
    await cache.get('c', cv('c'));
    await cache.get('a', cv('a'));
    await cache.get('b', cv('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    feed.publish('applications');
    await cache.get('a', cv('a'));
    expect(reads).toEqual(['a', 'b', 'c', 'b', 'a']);
    expect(await cache.get('missing', async () => undefined)).toBeUndefined();
  });
});
