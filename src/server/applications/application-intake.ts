import { isAscii } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import secureJson from 'secure-json-parse';
import type { z } from 'zod';
import {
  applicationFieldsSchema,
  applicationSubmissionSchema,
  CV_PART_NAME,
} from '../../shared/applications/application-contract';
import { MAX_CV_BYTES, PDF_DATA_URL_PREFIX } from '../../shared/limits';
import { messages } from '../../shared/messages';
import { HttpError } from '../http/http-error';
import { containsNul, NUL_MESSAGE } from '../http/reject-nul';
import { checkCv, decodeAndCheckCv, decodeBase64 } from './cv-check';

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
 * A JSON application body with its CV cut out when it arrived (`cutOutCv`): the bytes before the
 * CV's key and after its closing quote, and the CV's decoded bytes.
 */
export interface CutApplication {
  head: Uint8Array;
  tail: Uint8Array;
  cv: Uint8Array;
}

/** The JSON key and data URL prefix the CV's base64 follows in an ordinary body. */
const CV_KEY = Buffer.from(`"pdfFile":"${PDF_DATA_URL_PREFIX}`, 'latin1');
const QUOTE = Buffer.from('"', 'latin1');
/** Stands in for the CV in the text that is parsed: unguessable, so no value sent can equal it. */
const CV_STAND_IN = `cv:${randomUUID()}`;

/**
 * On the main thread, as soon as a JSON body has arrived: the usual body's CV decoded out of it,
 * so that a body waiting for a check slot holds its 5 MB CV and a few hundred bytes rather than
 * 7 MB of base64 (docs/operations.md#memory). Undefined when the body is not the usual shape: no
 * such key, anything but canonical base64 up to the closing quote (an escape, say), a CV over the
 * limit; the worker then reads it whole. A few milliseconds of the main thread's time, in
 * Node's own base64 decoder. Whether the text around the CV parses, and whether its pdfFile is
 * the one JSON.parse takes, is the worker's to tell (`readApplication`).
 */
export function cutOutCv(bytes: Buffer): CutApplication | undefined {
  const key = bytes.indexOf(CV_KEY);
  if (key < 0) return undefined;
  const start = key + CV_KEY.length;
  const end = bytes.indexOf(0x22 /* " */, start);
  if (end < 0) return undefined;
  const base64 = bytes.subarray(start, end);
  if (Math.floor((base64.length * 3) / 4) - 2 > MAX_CV_BYTES) return undefined;
  // Only base64 characters between the quotes: then the text is the same JSON with the CV in it.
  const cv = decodeBase64(base64);
  if (!cv) return undefined;
  return { head: Buffer.from(bytes.subarray(0, key)), tail: Buffer.from(bytes.subarray(end + 1)), cv };
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Parses, validates and checks one application body (up to about 7 MB of JSON, most of it the
 * CV's base64), whole or with its CV cut out on arrival. All of it is CPU work on the request's
 * own bytes, so it runs in a worker thread (see intake-pool.ts) while the main thread keeps
 * serving. `bodyRead` is called once nothing reads the whole body any more (its text made),
 * before the CV's checks.
 */
export async function readApplication(
  body: Uint8Array | CutApplication,
  bodyRead: () => void = () => {},
): Promise<Intake> {
  if (body instanceof Uint8Array) return readWhole(asBuffer(body), bodyRead);
  return readCut(body);
}

/**
 * The usual body, read without ever making its 7 MB of base64 into a string: only the few fields
 * around the CV are parsed, the CV's stand-in in its place. The answer is the one reading the
 * whole text would give: when the text does not parse with the CV cut out, or another top-level
 * pdfFile wins, the body is put back together as it came and read whole. Strings of several
 * megabytes are what made the thread collect its whole heap after each CV (see
 * docs/operations.md#memory).
 */
async function readCut({ head, tail, cv }: CutApplication): Promise<Intake> {
  let parsed: unknown;
  try {
    parsed = parseJson(
      `${asBuffer(head).toString('utf8')}"pdfFile":"${CV_STAND_IN}"${asBuffer(tail).toString('utf8')}`,
    );
  } catch {
    parsed = undefined;
  }
  if ((parsed as { pdfFile?: unknown } | null | undefined)?.pdfFile !== CV_STAND_IN) {
    // Canonical base64 (cutOutCv) encodes back to the very characters that were sent.
    const base64 = Buffer.from(asBuffer(cv).toString('base64'), 'latin1');
    return readWhole(Buffer.concat([head, CV_KEY, base64, QUOTE, tail]), () => {});
  }
  const fields = validate(parsed);
  return fields.ok ? withCv(fields.fields, checkCv(asBuffer(cv))) : fields;
}

/** Any body: the whole text parsed, the CV decoded from the data URL string. */
async function readWhole(bytes: Buffer, bodyRead: () => void): Promise<Intake> {
  // Nearly all of the body is base64, so it is usually ASCII, which reads faster as latin1 (the
  // same characters); anything else is read as the UTF-8 it is.
  const text = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  bodyRead();
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch {
    return { ok: false, refusal: { status: 400, message: messages.badJson } };
  }
  const fields = validate(parsed);
  return fields.ok ? withCv(fields.fields, decodeAndCheckCv(fields.pdfFile)) : fields;
}

/** Valid fields with their CV's checked bytes, or with why the CV is refused. */
async function withCv(fields: Submission, checked: Promise<Buffer>): Promise<Intake> {
  try {
    return { ok: true, fields, cv: { bytes: await checked } };
  } catch (error) {
    return { ok: true, fields, cv: { refusal: refusalOf(error) } };
  }
}

/**
 * JSON.parse, refusing `__proto__` and `constructor.prototype` keys as Fastify's own JSON parser
 * does. The parsed value is walked (a few keys) rather than the text searched for them.
 */
function parseJson(text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  if (parsed !== null && typeof parsed === 'object')
    secureJson.scan(parsed as Record<string, unknown>, { protoAction: 'error', constructorAction: 'error' });
  return parsed;
}

function validate(
  parsed: unknown,
): { ok: false; refusal: IntakeRefusal } | { ok: true; fields: Submission; pdfFile: string } {
  if (containsNul(parsed)) return { ok: false, refusal: { status: 400, message: NUL_MESSAGE } };
  const result = applicationSubmissionSchema.safeParse(parsed);
  if (!result.success) return { ok: false, refusal: invalid(result.error.issues) };
  const { pdfFile, ...fields } = result.data;
  return { ok: true, fields, pdfFile };
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
  return withCv(result.data, checkCv(Buffer.from(cv.buffer, cv.byteOffset, cv.byteLength)));
}

function invalid(issues: readonly z.core.$ZodIssue[]): IntakeRefusal {
  const errors = issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { status: 400, message: errors[0]?.message ?? 'Invalid request.', errors };
}
