import { describe, expect, it } from 'vitest';
import { createCvAnswerCache, cvAnswerJson } from '../../../src/server/applications/cv-answer';
import { createLocalChangeFeed } from '../../../src/server/db/change-feed';

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
