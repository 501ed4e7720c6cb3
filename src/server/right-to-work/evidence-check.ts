import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { MAX_CV_BYTES } from '../../shared/limits';
import { messages } from '../../shared/messages';
import { evidenceTypeOf } from '../../shared/right-to-work/evidence-type';
import type { RightToWorkEvidenceType } from '../../shared/right-to-work/right-to-work-contract';
import { checkCv } from '../applications/cv-check';
import { HttpError } from '../http/http-error';

/**
 * The largest image taken, in pixels: a phone's photo of a document is 12 to 50 megapixels. It
 * bounds what decoding a small file may cost, since a few megabytes of PNG can promise gigabytes.
 */
const MAX_IMAGE_PIXELS = 60_000_000;

const signatureMatches = (bytes: Buffer, type: RightToWorkEvidenceType): boolean =>
  evidenceTypeOf(bytes) === type;

/**
 * Checks an evidence file as a CV is checked (docs/security.md#right-to-work-evidence): at most
 * 5 MB, its bytes what its type says, a PDF through the CV's own checks (no scripts, launch
 * actions or embedded files), an image decoded whole by its format's library, so a renamed or
 * damaged file is refused.
 */
export async function checkEvidence(bytes: Buffer, type: RightToWorkEvidenceType): Promise<Buffer> {
  if (bytes.length > MAX_CV_BYTES) throw new HttpError(413, messages.rightToWorkEvidenceTooLarge);
  if (bytes.length === 0 || !signatureMatches(bytes, type))
    throw new HttpError(400, messages.rightToWorkEvidenceUnreadable);
  if (type === 'application/pdf') {
    try {
      return await checkCv(bytes);
    } catch (error) {
      if (error instanceof HttpError && error.message === messages.cvActiveContent)
        throw new HttpError(400, messages.rightToWorkEvidenceActive);
      if (error instanceof HttpError) throw new HttpError(400, messages.rightToWorkEvidenceUnreadable);
      throw error;
    }
  }
  try {
    if (type === 'image/png') {
      // The IHDR chunk comes first: width and height, checked before anything is inflated.
      const pixels = bytes.length >= 24 ? bytes.readUInt32BE(16) * bytes.readUInt32BE(20) : 0;
      if (pixels === 0 || pixels > MAX_IMAGE_PIXELS) throw new Error('image size out of range');
      PNG.sync.read(bytes);
    } else {
      jpeg.decode(bytes, {
        maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 512,
        useTArray: true,
      });
    }
  } catch {
    throw new HttpError(400, messages.rightToWorkEvidenceUnreadable);
  }
  return bytes;
}
