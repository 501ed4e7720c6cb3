import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFObject } from 'pdf-lib';
import { MAX_CV_BYTES, PDF_DATA_URL_PREFIX } from '../../shared/limits';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { releaseBytes } from '../runtime/release-bytes';

/**
 * PDF names that make a document do things rather than show things: scripts, launching
 * programs, carrying other files, rich media and XML forms (which carry scripts). Links
 * (/URI) are ordinary in CVs and stay allowed.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'RichMediaContent',
  'RichMediaExecute',
  'XFA',
  'GoToE',
  'ImportData',
  'SubmitForm',
]);

/** Checks a CV data URL (docs/security.md#cv-checks) and returns its bytes. */
export async function decodeAndCheckCv(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith(PDF_DATA_URL_PREFIX)) throw new HttpError(400, messages.cvOnlyPdf);
  const base64 = dataUrl.slice(PDF_DATA_URL_PREFIX.length);
  // Cheap size check before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) - 2 > MAX_CV_BYTES) throw new HttpError(413, messages.cvTooLarge);
  if (base64.length % 4 !== 0) throw new HttpError(400, messages.cvUnreadable);
  const bytes = decodeBase64(base64);
  if (!bytes) throw new HttpError(400, messages.cvUnreadable);
  return checkCv(bytes);
}

/** 48 KiB of bytes, 64 KiB of base64: a whole number of 3-byte groups, so the pieces line up. */
export const PIECE_BYTES = 48 * 1024;
const PIECE_CHARS = (PIECE_BYTES / 3) * 4;

/**
 * Base64 text (a string, or bytes read as latin1) decoded into a buffer of its own, or undefined
 * unless it is canonical base64 (docs/security.md#cv-checks). Node's decoder skips what is not
 * base64, so text with anything else in it decodes to fewer bytes than its length promises; it
 * also takes base64url's - and _, and reads a character beyond latin1 as its low byte, so those
 * are looked for apart. Padding bits must be zero, as every real encoder writes them. It goes a
 * piece at a time, so no string of the whole size is made: each would be another 7 MB per CV,
 * held until a garbage collection happens to come (see docs/operations.md#memory).
 */
export function decodeBase64(text: string | Buffer): Buffer | undefined {
  if (text.length % 4 !== 0 || text.includes('-') || text.includes('_')) return undefined;
  if (typeof text === 'string' && Buffer.byteLength(text, 'utf8') !== text.length) return undefined;
  const pieceOf = (start: number, end: number) =>
    typeof text === 'string' ? text.slice(start, end) : text.toString('latin1', start, end);
  const lastGroup = pieceOf(Math.max(0, text.length - 4), text.length);
  const padding = lastGroup.endsWith('==') ? 2 : lastGroup.endsWith('=') ? 1 : 0;
  const bytes = Buffer.allocUnsafeSlow((text.length / 4) * 3 - padding);
  for (let start = 0; start < text.length; start += PIECE_CHARS) {
    const at = (start / 4) * 3;
    if (
      bytes.write(pieceOf(start, start + PIECE_CHARS), at, 'base64') !==
      Math.min(PIECE_BYTES, bytes.length - at)
    )
      return undefined;
  }
  if (padding > 0 && bytes.toString('base64', bytes.length - (3 - padding)) !== lastGroup) return undefined;
  return bytes;
}

/** The same checks on a CV that arrived as bytes (a multipart file part). */
export async function checkCv(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > MAX_CV_BYTES) throw new HttpError(413, messages.cvTooLarge);
  if (bytes.length === 0 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new HttpError(400, messages.cvOnlyPdf);
  }
  await checkPdfStructure(bytes);
  return bytes;
}

/**
 * pdf-lib and what it brings (its fonts, pako) are over 1 MB of code: loaded with the first CV
 * rather than with the server, which then holds none of it at rest (docs/operations.md#memory).
 * Kept once loaded, so later CVs skip the module loader.
 */
let pdfLibLoading: Promise<typeof PdfLib> | undefined;
const loadPdfLib = () => (pdfLibLoading ??= import('pdf-lib'));

async function checkPdfStructure(bytes: Uint8Array): Promise<void> {
  const pdfLib = await loadPdfLib();
  const { PDFDocument, ParseSpeeds } = pdfLib;
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      parseSpeed: ParseSpeeds.Fast,
    });
  } catch {
    // Encrypted documents land here too: their objects cannot be checked, so they are not accepted.
    throw new HttpError(400, messages.cvUnreadable);
  }
  try {
    if (countPages(document) === 0 || !hasEndOfFile(bytes)) throw new HttpError(400, messages.cvUnreadable);
    for (const [, object] of document.context.enumerateIndirectObjects()) {
      if (containsActiveContent(pdfLib, object)) throw new HttpError(400, messages.cvActiveContent);
    }
  } finally {
    releaseStreamCopies(pdfLib, document);
  }
}

/**
 * pdf-lib copies each stream's bytes out of the document as it parses it: most of a CV, another
 * 5 MB for the largest, left for the thread's next collection. Nothing reads them once the checks
 * are done, so their memory goes back at once (docs/operations.md#memory).
 */
function releaseStreamCopies({ PDFRawStream }: typeof PdfLib, document: PDFDocument): void {
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream) releaseBytes(object.contents);
  }
}

/** The page count; 0 when the document has no catalog or page tree to count (pdf-lib throws then). */
function countPages(document: PDFDocument): number {
  try {
    return document.getPageCount();
  } catch {
    return 0;
  }
}

/** A PDF ends with %%EOF (allowing trailing white space); a truncated upload does not. */
function hasEndOfFile(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  return tail.includes('%%EOF');
}

/** Names may hide letters as #xx escapes (/J#61vaScript); compare them decoded, in any hex case. */
export function decodePdfName(encoded: string): string {
  let name = encoded.startsWith('/') ? encoded.slice(1) : encoded;
  for (let pass = 0; pass < 3 && name.includes('#'); pass++) {
    name = name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return name;
}

function containsActiveContent(
  { PDFArray, PDFDict, PDFName, PDFStream }: typeof PdfLib,
  root: PDFObject,
): boolean {
  const pending: PDFObject[] = [root];
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (object instanceof PDFName) {
      if (ACTIVE_NAMES.has(decodePdfName(object.asString()))) return true;
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        if (ACTIVE_NAMES.has(decodePdfName(key.asString()))) return true;
        pending.push(value);
      }
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    }
  }
  return false;
}
