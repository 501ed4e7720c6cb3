import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { errorCodes } from 'fastify';
import { MAX_CV_BYTES, PDF_DATA_URL_PREFIX } from '../../shared/limits';
import { releaseBytes } from '../runtime/release-bytes';
import { decodeBase64, PIECE_BYTES } from './cv-check';

/**
 * A JSON application body with its CV cut out as it arrived: the bytes before the CV's key and
 * after its closing quote, and the CV's decoded bytes. Put back together as `head`, `CV_KEY`, the
 * CV's base64, `QUOTE`, `tail`, it is the body as sent, byte for byte.
 */
export interface CutApplication {
  head: Uint8Array;
  tail: Uint8Array;
  cv: Uint8Array;
}

/** The JSON key and data URL prefix the CV's base64 follows in an ordinary body. */
export const CV_KEY = Buffer.from(`"pdfFile":"${PDF_DATA_URL_PREFIX}`, 'latin1');
export const QUOTE = Buffer.from('"', 'latin1');

const QUOTE_BYTE = 0x22;
const NOT_BASE64 = /[^A-Za-z0-9+/]/;
/** Base64 not yet closed: padding, if any, only at the end so far. */
const BASE64_SO_FAR = /^[A-Za-z0-9+/]*={0,2}$/;
const LAST_GROUP = /^[A-Za-z0-9+/]{2,4}={0,2}$/;
/** The most a CV's base64 may decode to before the body is read whole instead (and refused there). */
const MAX_DECODED_BYTES = MAX_CV_BYTES + 3;

/** The bytes of a body kept as they came: in one buffer of the announced size, or in pieces. */
class RawBytes {
  private readonly whole: Buffer | undefined;
  private readonly pieces: Buffer[] = [];
  length = 0;

  constructor(size: number | undefined) {
    // Uninitialised: the system commits its pages only as bytes are written into them, so a body
    // that announces 8 MB and trickles in costs about what it has sent.
    this.whole = size === undefined ? undefined : Buffer.allocUnsafeSlow(size);
  }

  /** Copied in: the piece itself is given back to the system once read. */
  add(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    if (this.whole) this.whole.set(bytes, this.length);
    else this.pieces.push(Buffer.from(bytes));
    this.length += bytes.length;
  }

  bytes(): Buffer {
    return this.whole ?? Buffer.concat(this.pieces, this.length);
  }

  /** The first `end` bytes, in memory of their own; the rest is given back. */
  copyOut(end: number): Buffer {
    const copy = Buffer.from(this.bytes().subarray(0, end));
    this.release();
    return copy;
  }

  release(): void {
    releaseBytes(this.whole);
    this.pieces.length = 0;
  }
}

/**
 * Takes an application's JSON body a piece at a time as it arrives. The usual body's CV is
 * decoded from its base64 on the way in, so a body holds its CV's bytes (at most 5 MB) and a few
 * hundred bytes of fields, never the 7 MB of base64 besides (docs/operations.md#memory). Any
 * other body (no such key, anything but canonical base64 up to the closing quote, a CV over the
 * limit, no closing quote) is kept as it came, to be read whole on the checking thread: from the
 * point it stops being the usual shape, what was decoded is encoded back, which canonical base64
 * makes the very characters that were sent.
 */
class ApplicationBodyTaker {
  private phase: 'head' | 'cv' | 'tail' | 'raw' = 'head';
  private raw: RawBytes;
  /** The last bytes before this piece (shorter than the key), for a key split across pieces. */
  private seam = Buffer.alloc(0);
  private head: Buffer | undefined;
  private cv: ArrayBuffer | undefined;
  /** Base64 characters read after the key, including `carry`. */
  private base64Length = 0;
  /** The last base64 characters not yet a whole 4-character group. */
  private carry = '';
  private readonly tail: Buffer[] = [];
  private tailLength = 0;
  private received = 0;

  constructor(private readonly size: number | undefined) {
    this.raw = new RawBytes(size);
  }

  write(piece: Buffer): void {
    if (this.phase === 'head') this.inHead(piece);
    else if (this.phase === 'cv') this.inCv(piece, 0);
    else if (this.phase === 'tail') this.addTail(piece);
    else this.raw.add(piece);
    this.received += piece.length;
  }

  end(): Buffer | CutApplication {
    if (this.phase === 'cv') this.readWhole(Buffer.alloc(0));
    if (this.phase !== 'tail') return this.raw.bytes();
    return {
      head: this.head!,
      tail: Buffer.concat(this.tail, this.tailLength),
      cv: Buffer.from(this.cv!, 0, this.cv!.byteLength),
    };
  }

  /** Gives back what was kept of a body that is refused. */
  discard(): void {
    this.raw.release();
    if (this.cv) releaseBytes(Buffer.from(this.cv, 0, this.cv.byteLength));
  }

  private inHead(piece: Buffer): void {
    const key = this.findKey(piece);
    if (key === undefined) {
      this.raw.add(piece);
      const joined = Buffer.concat([this.seam, piece.subarray(-(CV_KEY.length - 1))]);
      this.seam = joined.subarray(Math.max(0, joined.length - (CV_KEY.length - 1)));
      return;
    }
    // `key` counts from this piece's start: below 0 when the key began in the piece before.
    this.raw.add(piece.subarray(0, Math.max(0, key)));
    this.head = this.raw.copyOut(this.received + key);
    this.seam = Buffer.alloc(0);
    this.cv = new ArrayBuffer(0, { maxByteLength: MAX_DECODED_BYTES });
    this.phase = 'cv';
    this.inCv(piece, key + CV_KEY.length);
  }

  private findKey(piece: Buffer): number | undefined {
    if (this.seam.length > 0) {
      const across = Buffer.concat([this.seam, piece.subarray(0, CV_KEY.length - 1)]).indexOf(CV_KEY);
      if (across >= 0) return across - this.seam.length;
    }
    const within = piece.indexOf(CV_KEY);
    return within >= 0 ? within : undefined;
  }

  /** The CV's base64 from `from` in `piece`, up to its closing quote if that is in the piece. */
  private inCv(piece: Buffer, from: number): void {
    const quote = piece.indexOf(QUOTE_BYTE, from);
    const closed = quote >= 0;
    const text = this.carry + piece.toString('latin1', from, closed ? quote : piece.length);
    const base64Length = this.base64Length - this.carry.length + text.length;
    const usual = closed ? isLastOfBase64(text) : BASE64_SO_FAR.test(text);
    if (!usual || Math.floor((base64Length * 3) / 4) - 2 > MAX_CV_BYTES) {
      this.readWhole(piece.subarray(from));
      return;
    }
    this.base64Length = base64Length;
    if (!closed) {
      // A group with padding in it waits for the closing quote, where it is checked as the last.
      const padding = text.indexOf('=');
      const whole = padding >= 0 ? padding - (padding % 4) : text.length - (text.length % 4);
      this.decode(text.slice(0, whole));
      this.carry = text.slice(whole);
      return;
    }
    const last = text.slice(-4);
    const lastBytes = last.length === 0 ? Buffer.alloc(0) : decodeBase64(last);
    // Padding bits that are not zero: not canonical, so read whole where it is refused.
    if (!lastBytes) {
      this.readWhole(piece.subarray(from));
      return;
    }
    this.decode(text.slice(0, -4));
    this.grow(lastBytes.length).set(lastBytes);
    this.carry = '';
    this.phase = 'tail';
    this.addTail(piece.subarray(quote + 1));
  }

  /** Whole 4-character groups of base64, all checked to be base64 already. */
  private decode(groups: string): void {
    if (groups.length === 0) return;
    const into = this.grow((groups.length / 4) * 3);
    into.write(groups, 0, 'base64');
  }

  /** The CV's memory grown by `length` bytes, and a view of the new bytes. */
  private grow(length: number): Buffer {
    const cv = this.cv!;
    const at = cv.byteLength;
    cv.resize(at + length);
    return Buffer.from(cv, at, length);
  }

  private addTail(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.tail.push(Buffer.from(bytes));
    this.tailLength += bytes.length;
  }

  /** Not the usual shape after all: the body as it came, `rest` being what follows in this piece. */
  private readWhole(rest: Buffer): void {
    const raw = new RawBytes(this.size);
    raw.add(this.head!);
    raw.add(CV_KEY);
    const cv = Buffer.from(this.cv!, 0, this.cv!.byteLength);
    addBase64(raw, cv);
    raw.add(Buffer.from(this.carry, 'latin1'));
    raw.add(rest);
    releaseBytes(cv);
    this.cv = undefined;
    this.head = undefined;
    this.carry = '';
    this.raw = raw;
    this.phase = 'raw';
  }
}

/** `bytes` as base64, a piece at a time: no string of the whole is made. */
function addBase64(raw: RawBytes, bytes: Buffer): void {
  for (let at = 0; at < bytes.length; at += PIECE_BYTES)
    raw.add(Buffer.from(bytes.toString('base64', at, at + PIECE_BYTES), 'latin1'));
}

/**
 * The body as it was sent, from its cut: the CV's canonical base64 encodes back to the very
 * characters that came. For a cut whose text turns out not to be the usual shape after all
 * (`readApplication`), to be read whole.
 */
export function bodyAsSent({ head, tail, cv }: CutApplication): Buffer {
  const raw = new RawBytes(
    head.length + CV_KEY.length + Math.ceil(cv.length / 3) * 4 + QUOTE.length + tail.length,
  );
  raw.add(head);
  raw.add(CV_KEY);
  addBase64(raw, Buffer.from(cv.buffer, cv.byteOffset, cv.byteLength));
  raw.add(QUOTE);
  raw.add(tail);
  return raw.bytes();
}

/** The base64 up to the closing quote: only base64 characters, with padding only at its very end. */
function isLastOfBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  if (text.length === 0) return true;
  return !NOT_BASE64.test(text.slice(0, -4)) && LAST_GROUP.test(text.slice(-4));
}

/**
 * Reads an application's JSON body (up to about 7 MB, most of it a CV's base64) as it arrives:
 * the usual body with its CV already decoded and cut out of it (`CutApplication`), any other as
 * the bytes that came (see `ApplicationBodyTaker`). Fastify's own reader keeps every piece until
 * the end and then joins them into a second buffer: twice the body at the peak, for each
 * application being read (see docs/operations.md#memory).
 *
 * The same refusals as Fastify's reader: over `limit` bytes (announced or received) is
 * FST_ERR_CTP_BODY_TOO_LARGE (413), fewer or more bytes than announced is
 * FST_ERR_CTP_INVALID_CONTENT_LENGTH (400).
 */
export function readApplicationBody(
  payload: IncomingMessage,
  limit: number,
  done: (error: Error | null, body?: Buffer | CutApplication) => void,
): void {
  const header = payload.headers['content-length'];
  const announced = header === undefined ? undefined : Number(header);
  if (announced !== undefined && announced > limit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const sized = announced !== undefined && Number.isInteger(announced) && announced >= 0;
  const taker = new ApplicationBodyTaker(sized ? announced : undefined);
  // Node's HTTP server copies each piece of a body into memory of its own (up to 64 KB), which
  // waits for a garbage collection once read: 8 bodies arriving at once left tens of megabytes of
  // them behind (docs/operations.md#memory). So each is given back once read. Only from a
  // connection: a request made in-process (Fastify's inject) may hand in bytes its caller holds.
  const giveBack = payload.socket instanceof Socket ? releaseBytes : () => {};
  let received = 0;
  let finished = false;

  const finish = (error: Error | null, body?: Buffer | CutApplication) => {
    if (finished) return;
    finished = true;
    payload.off('data', onData);
    payload.off('end', onEnd);
    payload.off('error', onError);
    if (error) taker.discard();
    done(error, body);
  };
  const onData = (chunk: Buffer) => {
    const next = received + chunk.length;
    if (next > limit) return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    if (sized && next > announced) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    taker.write(chunk);
    giveBack(chunk);
    received = next;
  };
  const onEnd = () => {
    if (sized && received !== announced) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    finish(null, taker.end());
  };
  const onError = (error: Error & { statusCode?: number }) => {
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    finish(error);
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.resume();
}
