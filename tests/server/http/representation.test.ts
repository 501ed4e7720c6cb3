import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../../src/server/http/representation';

describe('the encoding of an answer', () => {
  it('picks encodings the way Accept-Encoding says', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('GZIP')).toBe('gzip');
  });
});
