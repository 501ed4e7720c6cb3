import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { CV_PART_NAME, PLAIN_ANSWER_PREFIX } from '../../shared/applications/application-contract';
import { MAX_CV_BYTES } from '../../shared/limits';
import { MAX_OPTIONS, MAX_QUESTIONS } from '../../shared/questions/question-contract';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import type { ApplicationForm } from './application-intake';

/** The text fields of an application besides the answers a plain form sends one part each. */
const APPLICATION_FIELDS = 16;
/** Every choice of every question ticked: the most answer parts a plain form can send. */
const PLAIN_ANSWER_PARTS = MAX_QUESTIONS * MAX_OPTIONS;
/**
 * All text parts together: the cover letter (20,000 characters of up to 4 bytes each), every long
 * answer (5,000 characters each) and the rest, with room to spare; a form over it is refused (413)
 * rather than held in memory.
 */
const MAX_FORM_TEXT_BYTES = 1024 * 1024;

/**
 * What a multipart application may hold: a handful of text fields, the answers of a plain form
 * one part each (application-contract.ts, PLAIN_ANSWER_PREFIX), and one file, the CV, within its 5 MB.
 */
export const applicationFormLimits = {
  throwFileSizeLimit: true,
  limits: {
    fileSize: MAX_CV_BYTES,
    files: 1,
    fields: APPLICATION_FIELDS + PLAIN_ANSWER_PARTS,
    parts: APPLICATION_FIELDS + PLAIN_ANSWER_PARTS + 1,
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
 * A multipart application as read: its fields and CV, and the answers a plain HTML form sent one
 * part each (question id to the values sent, in order), which only the job's questions can type
 * (application-answers.ts).
 */
export interface ApplicationParts {
  form: ApplicationForm;
  plainAnswers: Record<string, string[]> | undefined;
}

/**
 * Reads a multipart application's parts: every text field once (a plain form's answer parts as
 * often as a list question has choices), and the CV's bytes from the one file part. Anything else
 * (a second value for a field, a file under another name, a broken form) is refused with a 400, a
 * field or file over its limit with a 413, never a 500.
 */
export async function readApplicationParts(request: FastifyRequest): Promise<ApplicationParts> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const answers = new Map<string, string[]>();
  let textBytes = 0;
  let cv: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== CV_PART_NAME || cv) {
          await part.toBuffer().catch(() => undefined);
          throw new HttpError(400, messages.badForm);
        }
        const bytes = await part.toBuffer();
        // A browser's plain form sends its file field with no file chosen as an empty, unnamed file.
        if (part.filename === '' && bytes.length === 0) continue;
        cv = bytes;
      } else {
        if (part.valueTruncated) throw new HttpError(413, messages.bodyTooLarge);
        if (typeof part.value !== 'string') throw new HttpError(400, messages.badForm);
        textBytes += Buffer.byteLength(part.value);
        if (textBytes > MAX_FORM_TEXT_BYTES) throw new HttpError(413, messages.bodyTooLarge);
        if (part.fieldname.startsWith(PLAIN_ANSWER_PREFIX)) {
          const id = part.fieldname.slice(PLAIN_ANSWER_PREFIX.length);
          answers.set(id, [...(answers.get(id) ?? []), part.value]);
          continue;
        }
        if (part.fieldname in fields) throw new HttpError(400, messages.badForm);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    const tooLarge = typeof code === 'string' ? tooLargeByCode[code] : undefined;
    throw tooLarge ? new HttpError(413, tooLarge) : new HttpError(400, messages.badForm);
  }
  // Answers come one way: as the app's one JSON part, or as a plain form's parts.
  if (answers.size > 0 && 'answers' in fields) throw new HttpError(400, messages.badForm);
  return { form: { fields, cv }, plainAnswers: answers.size > 0 ? Object.fromEntries(answers) : undefined };
}
