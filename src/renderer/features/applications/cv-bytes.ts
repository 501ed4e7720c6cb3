import { OPTIMIZED_LOADING_THRESHOLD_BYTES } from '../../../shared/limits';
import { estimateDataUrlBytes, isPdfDataUrl } from '../../../shared/format/size';
import { trimEnd } from '../../../shared/format/trim-end';

/** Base64 characters decoded per step; a multiple of 4 so every step ends on a whole byte group. */
const CHUNK_CHARS = 1024 * 1024;

function decodeInto(bytes: Uint8Array, offset: number, base64: string): number {
  const binary = atob(base64);
  for (let index = 0; index < binary.length; index++) bytes[offset + index] = binary.charCodeAt(index);
  return offset + binary.length;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Above 2 MiB the CV is decoded in steps (the "Using optimized loading" note). */
export const usesOptimizedLoading = (bytes: number): boolean => bytes > OPTIMIZED_LOADING_THRESHOLD_BYTES;

/**
 * The CV bytes behind the server's `pdfFile` data URL: the one place the app decodes it. Large
 * files are decoded a megabyte of text at a time, yielding in between, so the screen stays
 * responsive; a value that is not a PDF data URL is refused rather than handed to pdf.js.
 */
export async function cvBytesFromDataUrl(dataUrl: string): Promise<Uint8Array> {
  if (!isPdfDataUrl(dataUrl)) throw new Error('The server did not send a PDF data URL.');
  const base64 = trimEnd(dataUrl.slice(dataUrl.indexOf(',') + 1), '=');
  const bytes = new Uint8Array(Math.floor((base64.length * 3) / 4));
  const stepped = usesOptimizedLoading(estimateDataUrlBytes(dataUrl));
  let written = 0;
  for (let start = 0; start < base64.length; start += CHUNK_CHARS) {
    written = decodeInto(bytes, written, base64.slice(start, start + CHUNK_CHARS));
    if (stepped) await nextTask();
  }
  return written === bytes.length ? bytes : bytes.slice(0, written);
}
