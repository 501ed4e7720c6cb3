import { describe, expect, it } from 'vitest';
import { releaseBytes } from '../../../src/server/runtime/release-bytes';

const MB = 1024 * 1024;
/** Memory held by ArrayBuffers now: no collection runs between two readings. */
const arrayBufferBytes = () => process.memoryUsage().arrayBuffers;

describe('releaseBytes', () => {
  it('gives a CV-sized buffer’s memory back at once, without waiting for a collection', () => {
    const cv = Buffer.allocUnsafeSlow(8 * MB).fill(0x25);
    const before = arrayBufferBytes();
    releaseBytes(cv);
    expect(before - arrayBufferBytes()).toBeGreaterThanOrEqual(8 * MB);
    expect(cv.length).toBe(0);
  });

  it('leaves bytes that share their memory alone: a slice, or one of Node’s pooled small buffers', () => {
    const whole = Buffer.allocUnsafeSlow(2 * MB).fill(1);
    const slice = whole.subarray(MB);
    releaseBytes(slice);
    expect(whole.length).toBe(2 * MB);
    expect(slice[0]).toBe(1);

    const small = Buffer.from('pooled');
    releaseBytes(small);
    expect(small.toString()).toBe('pooled');
  });

  it('takes nothing, or bytes already released, without complaint', () => {
    const cv = Buffer.allocUnsafeSlow(MB);
    releaseBytes(cv);
    expect(() => releaseBytes(cv)).not.toThrow();
    expect(() => releaseBytes(undefined)).not.toThrow();
  });
});
