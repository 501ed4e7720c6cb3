import { MAX_CV_BYTES } from '../../../shared/limits';
import { messages } from '../../../shared/messages';

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** The quick checks made the moment a file is chosen, before any reading (docs/behaviour.md#cv-upload). */
export function precheckCv(file: File): string | null {
  const looksLikePdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!looksLikePdf) return messages.cvOnlyPdf;
  if (file.size > MAX_CV_BYTES) return messages.cvTooLarge;
  return null;
}

export type CvReadResult = { ok: true; bytes: Blob; size: number } | { ok: false; message: string };

/**
 * The real work behind the processing state: reads the file, checks the PDF signature and the
 * actual size, and keeps the bytes read, which are what gets uploaded. A renamed image or a file
 * that grew (or went away) since it was picked is refused here, not by the server after the upload.
 */
export async function readCv(file: File): Promise<CvReadResult> {
  const early = precheckCv(file);
  if (early) return { ok: false, message: early };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, message: messages.cvUnreadable };
  }
  if (bytes.byteLength > MAX_CV_BYTES) return { ok: false, message: messages.cvTooLarge };
  if (!PDF_SIGNATURE.every((byte, index) => bytes[index] === byte))
    return { ok: false, message: messages.cvOnlyPdf };
  return { ok: true, bytes: new Blob([bytes], { type: 'application/pdf' }), size: bytes.byteLength };
}
