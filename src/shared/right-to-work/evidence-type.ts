import { cvFileName } from '../applications/cv-file-name';
import type { RightToWorkEvidenceType } from './right-to-work-contract';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/**
 * What an evidence file's first bytes say it is, or undefined for anything else: the server
 * checks a file's bytes against its stated type with this, and the console names a saved copy by it.
 */
export function evidenceTypeOf(bytes: Uint8Array): RightToWorkEvidenceType | undefined {
  if (startsWith(bytes, PDF_SIGNATURE)) return 'application/pdf';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
}

/** The file extension a saved copy of each type gets. */
export const EVIDENCE_EXTENSIONS: Record<RightToWorkEvidenceType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** Saved evidence is named `{applicant name}_right_to_work.{pdf,png,jpg}`, as a CV is named after them. */
export const evidenceFileName = (applicantName: string, type: RightToWorkEvidenceType): string =>
  cvFileName(applicantName).replace(/_resume\.pdf$/, `_right_to_work.${EVIDENCE_EXTENSIONS[type]}`);
