import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { CV_PART_NAME } from '../../shared/applications/application-contract';
import { MAX_CV_BYTES } from '../../shared/limits';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import type { ApplicationForm } from './application-intake';

/**
 * What a multipart application may hold: a handful of text fields (the cover letter is the
 * longest, 20,000 characters of up to 4 bytes each) and one file, the CV, within its 5 MB.
 */
export const applicationFormLimits = {
  throwFileSizeLimit: true,
  limits: {
    fileSize: MAX_CV_BYTES,
    files: 1,
    fields: 16,
    parts: 17,
    fieldSize: 100 * 1024,
    fieldNameSize: 100,
    headerPairs: 20,
  },
} satisfies FastifyMultipartBaseOptions;

const tooLargeByCode: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: messages.cvTooLarge,
  FST_FILES_LIMIT: messages.bodyTooLarge,
  FST_FIELDS_LIMIT: messages.bodyTooLarge,
  FST_PARTS_LIMIT: messages.bodyTooLarge,
};

/**
 * Reads a multipart application's parts: every text field once, and the CV's bytes from the one
 * file part. Anything else (a second value for a field, a file under another name, a broken
 * form) is refused with a 400, a field or file over its limit with a 413, never a 500.
 */
export async function readApplicationParts(request: FastifyRequest): Promise<ApplicationForm> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let cv: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== CV_PART_NAME || cv) {
          await part.toBuffer().catch(() => undefined);
          throw new HttpError(400, messages.badForm);
        }
        cv = await part.toBuffer();
      } else {
        if (part.valueTruncated) throw new HttpError(413, messages.bodyTooLarge);
        if (typeof part.value !== 'string' || part.fieldname in fields)
          throw new HttpError(400, messages.badForm);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    const tooLarge = typeof code === 'string' ? tooLargeByCode[code] : undefined;
    throw tooLarge ? new HttpError(413, tooLarge) : new HttpError(400, messages.badForm);
  }
  return { fields, cv };
}
