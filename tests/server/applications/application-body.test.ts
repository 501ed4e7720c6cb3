import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  bodyAsSent,
  CV_KEY,
  QUOTE,
  readApplicationBody,
  type CutApplication,
} from '../../../src/server/applications/application-body';
import { MAX_APPLICATION_BODY_BYTES, MAX_CV_BYTES } from '../../../src/shared/limits';

/** The body as the route reads it, sent in pieces of `pieceBytes`. */
const read = (sent: Buffer, pieceBytes: number, contentLength = true) => {
  const pieces: Buffer[] = [];
  for (let at = 0; at < sent.length; at += pieceBytes) pieces.push(sent.subarray(at, at + pieceBytes));
  const payload = Object.assign(Readable.from(pieces), {
    headers: contentLength ? { 'content-length': String(sent.length) } : {},
  }) as unknown as IncomingMessage;
  return new Promise<Buffer | CutApplication>((resolve, reject) =>
    readApplicationBody(payload, MAX_APPLICATION_BODY_BYTES, (error, body) =>
      error ? reject(error) : resolve(body!),
    ),
  );
};

const isCut = (body: Buffer | CutApplication): body is CutApplication => !(body instanceof Uint8Array);

/** What was sent, from what the route was handed. */
const putBack = (body: Buffer | CutApplication) =>
  isCut(body)
    ? Buffer.concat([
        body.head,
        CV_KEY,
        Buffer.from(Buffer.from(body.cv).toString('base64')),
        QUOTE,
        body.tail,
      ])
    : body;

/** Bytes standing in for a CV: each length leaves a different padding (none, `=`, `==`). */
const cvOf = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 31 + 7) % 256));

const body = (dataUrl: string, extra: Record<string, unknown> = {}) =>
  Buffer.from(JSON.stringify({ name: 'Zoë Ångström', email: 'zoe@example.com', pdfFile: dataUrl, ...extra }));

const dataUrl = (cv: Buffer) => `data:application/pdf;base64,${cv.toString('base64')}`;

describe("an application's JSON body, its CV decoded as it arrives", () => {
  // One byte at a time splits the key and every base64 group; 4,096 is about a network read.
  const pieceSizes = [1, 3, 5, 38, 4096, 1 << 30];

  it.each([30_000, 30_001, 30_002])(
    'the usual body (a CV of %i bytes) comes cut: its CV decoded, the rest byte for byte, in pieces of any size',
    async (length) => {
      const cv = cvOf(length);
      const sent = body(dataUrl(cv));
      for (const pieceBytes of pieceSizes) {
        for (const contentLength of [true, false]) {
          const taken = await read(sent, pieceBytes, contentLength);
          expect(isCut(taken), `pieces of ${pieceBytes}`).toBe(true);
          const cut = taken as CutApplication;
          expect(Buffer.from(cut.cv).equals(cv), `pieces of ${pieceBytes}`).toBe(true);
          // The CV has memory of its own: it can move to the checking thread and be given back.
          expect(cut.cv.byteOffset === 0 && cut.cv.byteLength === cut.cv.buffer.byteLength).toBe(true);
          expect(putBack(taken).equals(sent), `pieces of ${pieceBytes}`).toBe(true);
          // And as the server puts it back, for a body it must read whole after all.
          expect(bodyAsSent(cut).equals(sent), `pieces of ${pieceBytes}`).toBe(true);
        }
      }
    },
  );

  it('an empty CV and a CV with fields after it are cut too', async () => {
    for (const sent of [body('data:application/pdf;base64,'), body(dataUrl(cvOf(10)), { about: 'After' })]) {
      for (const pieceBytes of pieceSizes) {
        const taken = await read(sent, pieceBytes);
        expect(isCut(taken)).toBe(true);
        expect(putBack(taken).equals(sent)).toBe(true);
      }
    }
  });

  const base64 = cvOf(20_000).toString('base64');
  const middle = base64.length / 2;
  it.each([
    [
      'a slash escaped in the base64',
      body(dataUrl(cvOf(20_000)))
        .toString()
        .replace('/', '\\/'),
    ],
    [
      'a stray character in the base64',
      body(`data:application/pdf;base64,${base64.slice(0, middle)}*${base64.slice(middle)}`).toString(),
    ],
    [
      'padding in the middle',
      body(`data:application/pdf;base64,${base64.slice(0, middle)}==${base64.slice(middle)}`).toString(),
    ],
    ['a length that is not whole groups', body(`data:application/pdf;base64,${base64}A`).toString()],
    ['padding bits that are not zero', body('data:application/pdf;base64,QR==').toString()],
    ['no closing quote', `{"pdfFile":"data:application/pdf;base64,${base64}`],
    [
      'the key written another way',
      body(dataUrl(cvOf(100)))
        .toString()
        .replace('"pdfFile":', '"pdfFile" : '),
    ],
    ['no JSON at all', `${'x'.repeat(5000)}`],
  ])('a body with %s is handed on as it came, to be read whole', async (_, text) => {
    const sent = Buffer.from(text);
    for (const pieceBytes of pieceSizes) {
      for (const contentLength of [true, false]) {
        const taken = await read(sent, pieceBytes, contentLength);
        expect(isCut(taken), `pieces of ${pieceBytes}`).toBe(false);
        expect((taken as Buffer).equals(sent), `pieces of ${pieceBytes}`).toBe(true);
      }
    }
  });

  it('a CV over the limit is handed on whole (where it is refused as too large), not decoded', async () => {
    const sent = body(dataUrl(Buffer.alloc(MAX_CV_BYTES + 1024, 1)));
    const taken = await read(sent, 64 * 1024);
    expect(isCut(taken)).toBe(false);
    expect((taken as Buffer).equals(sent)).toBe(true);
  });

  it('with pdfFile sent twice, the first is cut out and the second stays in the rest', async () => {
    const sent = Buffer.from(
      body(dataUrl(cvOf(300)))
        .toString()
        .replace(/\}$/, `,"pdfFile":${JSON.stringify(dataUrl(cvOf(200)))}}`),
    );
    const taken = await read(sent, 7);
    expect(isCut(taken)).toBe(true);
    const cut = taken as CutApplication;
    expect(Buffer.from(cut.cv).equals(cvOf(300))).toBe(true);
    expect(Buffer.from(cut.tail).toString()).toContain(dataUrl(cvOf(200)));
    expect(putBack(taken).equals(sent)).toBe(true);
  });
});
