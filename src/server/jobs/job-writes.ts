import type { z } from 'zod';
import { messages } from '../../shared/messages';
import { DERIVABLE_TEXTS, type jobCreateSchema, type jobUpdateSchema } from '../../shared/jobs/job-contract';
import {
  derivedText,
  factsProblems,
  jobFactMessages,
  payFromText,
  type PayRange,
} from '../../shared/jobs/job-facts';
import { HttpError } from '../http/http-error';
import type { DepartmentRepository } from './department-repository';
import type { JobDraft } from './job-repository';

type Create = z.output<typeof jobCreateSchema>;
type Update = z.output<typeof jobUpdateSchema>;

export interface JobWriteRules {
  /** REQUIRE_PAY_RANGE: a job is not published without a structured pay range. */
  requirePayRange: boolean;
}

/**
 * The pay a write saves. Pay sent is kept; a CTC text sent without pay (the specification's
 * clients know no other) gives the pay it states plainly, else none (docs/behaviour.md#job-facts).
 * `undefined`: the write leaves pay as it was.
 */
export function payOfWrite(body: { pay?: PayRange | null; ctc?: string }): PayRange | null | undefined {
  if (body.pay !== undefined && body.pay !== null) return body.pay;
  if (body.ctc !== undefined && body.ctc !== '') return payFromText(body.ctc);
  return body.pay;
}

/**
 * The checks that need the saved job or the department list, each a 400 naming its field: a
 * department that exists, a remote job's country, each text or the facts that stand in for it,
 * and (with REQUIRE_PAY_RANGE) pay. An edit that leaves both pay and CTC alone is not held to the
 * pay rule, so a job saved before it can still be corrected.
 */
export async function checkJobWrite(
  draft: JobDraft,
  body: Create | Update,
  departments: Pick<DepartmentRepository, 'find'>,
  rules: JobWriteRules,
): Promise<void> {
  if (body.departmentId && !(await departments.find(body.departmentId)))
    throw new HttpError(400, jobFactMessages.unknownDepartment);
  const [problem] = factsProblems(draft);
  if (problem) throw new HttpError(400, problem.message);
  for (const [field, label] of Object.entries(DERIVABLE_TEXTS) as [keyof typeof DERIVABLE_TEXTS, string][]) {
    if (draft[field] === '' && derivedText[field](draft) === '')
      throw new HttpError(400, messages.fieldRequired(label));
  }
  const touchesPay = body.pay !== undefined || body.ctc !== undefined;
  if (rules.requirePayRange && touchesPay && draft.pay === null)
    throw new HttpError(400, jobFactMessages.payRequired);
}

/** The facts and texts of a new job, as the create call will save them. */
export function draftOfCreate(body: Create): JobDraft {
  return {
    departmentId: body.departmentId,
    location: body.location,
    hours: body.hours,
    ctc: body.ctc,
    locations: body.locations,
    workplaceType: body.workplaceType,
    remoteCountry: body.remoteCountry,
    employmentTypes: body.employmentTypes,
    pay: payOfWrite(body) ?? null,
  };
}

/** An edit laid over the saved job: a field left out keeps its saved value. */
export function draftOfUpdate(saved: JobDraft, body: Update): JobDraft {
  const defined = Object.fromEntries(
    Object.entries({
      departmentId: body.departmentId,
      location: body.location,
      hours: body.hours,
      ctc: body.ctc,
      locations: body.locations,
      workplaceType: body.workplaceType,
      remoteCountry: body.remoteCountry,
      employmentTypes: body.employmentTypes,
      pay: payOfWrite(body),
    }).filter(([, value]) => value !== undefined),
  );
  return { ...saved, ...defined };
}
