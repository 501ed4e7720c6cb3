import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { MAX_CV_BYTES, MAX_EVIDENCE_IMAGE_MEGAPIXELS } from '../../shared/limits';
import { messages } from '../../shared/messages';
import { evidenceTypeOf } from '../../shared/right-to-work/evidence-type';
import type { RightToWorkEvidenceType } from '../../shared/right-to-work/right-to-work-contract';
import { checkCv } from '../applications/cv-check';
import { HttpError } from '../http/http-error';

const MAX_IMAGE_PIXELS = MAX_EVIDENCE_IMAGE_MEGAPIXELS * 1_000_000;

/**
 * jpeg-js's own ceiling on what it allocates, above what any JPEG within the pixel limit asks
 * (about 530 MB by its count for 25 megapixels with no colour subsampling), so that the pixel
 * limit, with its own message, is what refuses a JPEG.
 */
const JPEG_MEMORY_MB = 1024;

const signatureMatches = (bytes: Buffer, type: RightToWorkEvidenceType): boolean =>
  evidenceTypeOf(bytes) === type;

/**
 * A PNG's pixels as its header states them, before anything is inflated: the IHDR chunk comes
 * first, with the width, height and bit depth. A 16-bit image counts each pixel twice, as it
 * decodes to twice the bytes. Undefined when there is no such header.
 */
function pngPixels(bytes: Buffer): number | undefined {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const depth = bytes[24] === 16 ? 2 : 1;
  return bytes.readUInt32BE(16) * bytes.readUInt32BE(20) * depth;
}

/**
 * A JPEG's pixels as its frame header (SOF) states them, found by walking the marker segments
 * before the first scan; undefined when there is none. Nothing is decoded on the way.
 */
function jpegPixels(bytes: Buffer): number | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // Fill bytes, and the markers that stand alone (TEM, RSTn).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of scan, or end of image, before any frame: there is no size to read.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = bytes.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return undefined;
      return bytes.readUInt16BE(at + 5) * bytes.readUInt16BE(at + 7);
    }
    at += 2 + length;
  }
  return undefined;
}

/**
 * Checks an evidence file as a CV is checked (docs/security.md#right-to-work-evidence): at most
 * 5 MB, its bytes what its type says, a PDF through the CV's own checks (no scripts, launch
 * actions or embedded files), an image within the pixel limit by its header and then decoded
 * whole by its format's library, so a renamed or damaged file is refused. CPU-bound for seconds
 * on a large image: it runs in a worker thread (evidence-pool.ts), never on the main thread.
 */
export async function checkEvidence(bytes: Buffer, type: RightToWorkEvidenceType): Promise<void> {
  if (bytes.length > MAX_CV_BYTES) throw new HttpError(413, messages.rightToWorkEvidenceTooLarge);
  if (bytes.length === 0 || !signatureMatches(bytes, type))
    throw new HttpError(400, messages.rightToWorkEvidenceUnreadable);
  if (type === 'application/pdf') {
    try {
      await checkCv(bytes);
      return;
    } catch (error) {
      if (error instanceof HttpError && error.message === messages.cvActiveContent)
        throw new HttpError(400, messages.rightToWorkEvidenceActive);
      if (error instanceof HttpError) throw new HttpError(400, messages.rightToWorkEvidenceUnreadable);
      throw error;
    }
  }
  const pixels = type === 'image/png' ? pngPixels(bytes) : jpegPixels(bytes);
  if (!pixels) throw new HttpError(400, messages.rightToWorkEvidenceUnreadable);
  if (pixels > MAX_IMAGE_PIXELS) throw new HttpError(413, messages.rightToWorkEvidenceTooManyPixels);
  try {
    if (type === 'image/png') {
      PNG.sync.read(bytes);
    } else {
      jpeg.decode(bytes, {
        maxResolutionInMP: MAX_EVIDENCE_IMAGE_MEGAPIXELS,
        maxMemoryUsageInMB: JPEG_MEMORY_MB,
        useTArray: true,
      });
    }
  } catch {
    throw new HttpError(400, messages.rightToWorkEvidenceUnreadable);
  }
}
