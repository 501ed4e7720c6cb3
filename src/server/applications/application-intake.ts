import { isAscii } from 'node:buffer';
import secureJson from 'secure-json-parse';
import type { z } from 'zod';
import {
  applicationFieldsSchema,
  applicationSubmissionSchema,
  CV_PART_NAME,
} from '../../shared/applications/application-contract';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { containsNul, NUL_MESSAGE } from '../http/reject-nul';
import { checkCv, decodeAndCheckCv } from './cv-check';

type Submission = Omit<z.output<typeof applicationSubmissionSchema>, 'pdfFile'>;

export interface IntakeRefusal {
  status: number;
  message: string;
  errors?: { path: string; message: string }[];
}

/**
 * What the server makes of an application's body: the fields (or why they are refused) and,
 * separately, the checked CV bytes (or why the CV is refused), so the route can still answer
 * "job not found" before "bad CV", as when the checks ran one after the other.
 */
export type Intake =
  | { ok: false; refusal: IntakeRefusal }
  | { ok: true; fields: Submission; cv: { bytes: Uint8Array } | { refusal: IntakeRefusal } };

const refusalOf = (error: unknown): IntakeRefusal => {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  throw error;
};

/**
 * Parses, validates and checks one application body (up to about 7 MB of JSON, most of it the
 * CV's base64). All of it is CPU work on the request's own bytes, so it runs in a worker thread
 * (see intake-pool.ts) while the main thread keeps serving.
 */
export async function readApplication(body: Uint8Array): Promise<Intake> {
  let parsed: unknown;
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  try {
    // Nearly all of the body is base64, so it is usually ASCII, which reads faster as latin1 (the
    // same characters); anything else is read as the UTF-8 it is.
    parsed = JSON.parse(bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8'));
    // As Fastify's own JSON parser: `__proto__` and `constructor.prototype` keys are refused. The
    // parsed value is walked (a few keys) rather than the 7 MB text searched for them.
    if (parsed !== null && typeof parsed === 'object')
      secureJson.scan(parsed as Record<string, unknown>, {
        protoAction: 'error',
        constructorAction: 'error',
      });
  } catch {
    return { ok: false, refusal: { status: 400, message: messages.badJson } };
  }
  if (containsNul(parsed)) return { ok: false, refusal: { status: 400, message: NUL_MESSAGE } };
  const result = applicationSubmissionSchema.safeParse(parsed);
  if (!result.success) return { ok: false, refusal: invalid(result.error.issues) };
  const { pdfFile, ...fields } = result.data;
  try {
    return { ok: true, fields, cv: { bytes: await decodeAndCheckCv(pdfFile) } };
  } catch (error) {
    return { ok: true, fields, cv: { refusal: refusalOf(error) } };
  }
}

/** The text parts of a multipart application, and its CV file part (null when none came). */
export interface ApplicationForm {
  fields: Record<string, string>;
  cv: Uint8Array | null;
}

/**
 * The same checks for an application sent as a multipart form: the fields against the same
 * schema (without the data URL), the CV's bytes against the same PDF checks.
 */
export async function readApplicationForm({ fields: text, cv }: ApplicationForm): Promise<Intake> {
  if (containsNul(text)) return { ok: false, refusal: { status: 400, message: NUL_MESSAGE } };
  const result = applicationFieldsSchema.safeParse(text);
  const issues = result.success ? [] : [...result.error.issues];
  if (!cv)
    issues.push({ code: 'custom', path: [CV_PART_NAME], message: messages.cvRequired, input: undefined });
  if (!result.success || !cv) return { ok: false, refusal: invalid(issues) };
  try {
    const bytes = Buffer.from(cv.buffer, cv.byteOffset, cv.byteLength);
    return { ok: true, fields: result.data, cv: { bytes: await checkCv(bytes) } };
  } catch (error) {
    return { ok: true, fields: result.data, cv: { refusal: refusalOf(error) } };
  }
}

function invalid(issues: readonly z.core.$ZodIssue[]): IntakeRefusal {
  const errors = issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { status: 400, message: errors[0]?.message ?? 'Invalid request.', errors };
}
