import { MAX_BULK_STAGE_CHANGE } from '../../shared/applications/stage-contract';

export interface JsonShapeLimits {
  /** Items of arrays and members of objects, counted over the whole body. */
  maxValues: number;
  /** Arrays and objects inside one another. */
  maxDepth: number;
}

/**
 * What any call but an application may send: the largest is a bulk stage change naming 10,000
 * applications; every other body is a few fields and lists of at most 50 lines.
 */
export const JSON_SHAPE_LIMITS: JsonShapeLimits = { maxValues: 2 * MAX_BULK_STAGE_CHANGE, maxDepth: 32 };

/** An application is about ten fields of text, one of them the CV's data URL. */
export const APPLICATION_JSON_SHAPE_LIMITS: JsonShapeLimits = { maxValues: 1000, maxDepth: 8 };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether a JSON text holds more values or deeper nesting than `limits` allow, told from its
 * bytes without parsing them. Parsing builds every value at once: a few megabytes of `[{},{},…]`
 * are millions of objects, hundreds of megabytes of heap, which ended the server (a worker
 * thread past its heap limit aborts the whole process). Counted here: each array or object
 * opened and each comma outside strings, so an array of n items counts n; strings are skipped
 * from quote to quote (a native search, so a 7 MB data URL costs next to nothing). Malformed text
 * is left to the parser, which refuses it; this only stops at the first limit passed.
 */
export function jsonShapeExceeds(body: Uint8Array, limits: JsonShapeLimits): boolean {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let values = 0;
  let depth = 0;
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) {
      at = closingQuote(bytes, at + 1);
      if (at < 0) return false;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > limits.maxDepth || ++values > limits.maxValues) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--;
    } else if (byte === COMMA && ++values > limits.maxValues) {
      return true;
    }
  }
  return false;
}

/** Where the string that starts at `from` ends: the first quote not escaped, or -1. */
function closingQuote(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(QUOTE, from); at >= 0; at = bytes.indexOf(QUOTE, at + 1)) {
    // Escaped only by an odd run of backslashes before it (`\\"` ends the string).
    let backslashes = 0;
    while (at - backslashes - 1 >= from && bytes[at - backslashes - 1] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}
