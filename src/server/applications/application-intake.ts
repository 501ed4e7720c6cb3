import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  applicationFieldsSchema,
  applicationSubmissionSchema,
  CV_PART_NAME,
} from '../../shared/applications/application-contract';
import { messages } from '../../shared/messages';
import { containsNul, NUL_MESSAGE } from '../http/reject-nul';
import { bodyAsSent, type CutApplication } from './application-body';
import { releaseBytes } from '../runtime/release-bytes';
import { parseJson, type CvOutcome, type IntakeRefusal, type WholeBody } from './cv-intake-checks';

type Submission = Omit<z.output<typeof applicationSubmissionSchema>, 'pdfFile'>;

/**
 * What the server makes of an application's body: the fields (or why they are refused) and,
 * separately, the checked CV bytes (or why the CV is refused), so the route can still answer
 * "job not found" before "bad CV", as when the checks ran one after the other.
 */
export type Intake = { ok: false; refusal: IntakeRefusal } | { ok: true; fields: Submission; cv: CvOutcome };

/**
 * The byte work, on the CV-checking thread (intake-pool.ts, cv-intake-checks.ts): a CV's checks,
 * and a body read whole when its CV could not be cut out.
 */
export interface IntakeChecks {
  cv(bytes: Uint8Array): Promise<CvOutcome>;
  whole(body: Uint8Array): Promise<WholeBody>;
}

/** Stands in for the CV in the text that is parsed: unguessable, so no value sent can equal it. */
const CV_STAND_IN = `cv:${randomUUID()}`;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Reads and validates one JSON application body (up to about 7 MB, most of it the CV's base64),
 * whole or with its CV cut out on arrival. The fields are parsed and validated here, on the main
 * thread: a few hundred bytes. The CV's checks, and a body that must be read whole, are the
 * checking thread's (`checks`), so the main thread keeps serving meanwhile.
 */
export async function readApplication(
  body: Uint8Array | CutApplication,
  checks: IntakeChecks,
): Promise<Intake> {
  if (body instanceof Uint8Array) return readWhole(body, checks);
  return readCut(body, checks);
}

/**
 * The usual body, read without ever making its 7 MB of base64 into a string: only the few fields
 * around the CV are parsed, the CV's stand-in in its place. The answer is the one reading the
 * whole text would give: when the text does not parse with the CV cut out, or another top-level
 * pdfFile wins, the body is put back together as it came and read whole. Strings of several
 * megabytes are what made the checking thread collect its whole heap after each CV (see
 * docs/operations.md#memory).
 */
async function readCut({ head, tail, cv }: CutApplication, checks: IntakeChecks): Promise<Intake> {
  let parsed: unknown;
  try {
    parsed = parseJson(
      `${asBuffer(head).toString('utf8')}"pdfFile":"${CV_STAND_IN}"${asBuffer(tail).toString('utf8')}`,
    );
  } catch {
    parsed = undefined;
  }
  if ((parsed as { pdfFile?: unknown } | null | undefined)?.pdfFile !== CV_STAND_IN) {
    const whole = bodyAsSent({ head, tail, cv });
    releaseBytes(cv);
    return readWhole(whole, checks);
  }
  if (containsNul(parsed)) return { ok: false, refusal: { status: 400, message: NUL_MESSAGE } };
  const fields = validate(parsed);
  return fields.ok ? { ok: true, fields: fields.fields, cv: await checks.cv(cv) } : fields;
}

/** Any body: parsed whole and its CV checked on the checking thread, its fields validated here. */
async function readWhole(bytes: Uint8Array, checks: IntakeChecks): Promise<Intake> {
  const read = await checks.whole(bytes);
  if (!read.ok) return read;
  const fields = validate(read.parsed);
  if (!fields.ok) return fields;
  // A valid body has a non-empty pdfFile string, so the checking thread checked its CV.
  return {
    ok: true,
    fields: fields.fields,
    cv: read.cv ?? { refusal: { status: 400, message: messages.cvRequired } },
  };
}

function validate(parsed: unknown): { ok: false; refusal: IntakeRefusal } | { ok: true; fields: Submission } {
  const result = applicationSubmissionSchema.safeParse(parsed);
  if (!result.success) return { ok: false, refusal: invalid(result.error.issues) };
  const { pdfFile: _pdfFile, ...fields } = result.data;
  return { ok: true, fields };
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
export async function readApplicationForm(
  { fields: text, cv }: ApplicationForm,
  checks: IntakeChecks,
): Promise<Intake> {
  if (containsNul(text)) return { ok: false, refusal: { status: 400, message: NUL_MESSAGE } };
  const result = applicationFieldsSchema.safeParse(text);
  const issues = result.success ? [] : [...result.error.issues];
  if (!cv)
    issues.push({ code: 'custom', path: [CV_PART_NAME], message: messages.cvRequired, input: undefined });
  if (!result.success || !cv) return { ok: false, refusal: invalid(issues) };
  return { ok: true, fields: result.data, cv: await checks.cv(cv) };
}

function invalid(issues: readonly z.core.$ZodIssue[]): IntakeRefusal {
  const errors = issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { status: 400, message: errors[0]?.message ?? 'Invalid request.', errors };
}
