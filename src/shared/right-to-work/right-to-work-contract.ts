import { z } from 'zod';
import { isCalendarDate, londonToday } from '../format/calendar-date';
import { messages } from '../messages';
import type { ApplicationStage } from '../applications/stage-contract';

/**
 * Right-to-work checks (docs/behaviour.md#right-to-work-checks): one checklist per application at
 * Offer or Hired, recorded by an administrator, with its evidence file and, for time-limited
 * permission, a follow-up date that e-mails a reminder when it comes.
 */

export const rightToWorkMethods = [
  'manual-document',
  'online-share-code',
  'identity-service-provider',
] as const;
export type RightToWorkMethod = (typeof rightToWorkMethods)[number];

export const rightToWorkMethodLabels: Record<RightToWorkMethod, string> = {
  'manual-document': 'Manual document check',
  'online-share-code': 'Online check with a share code',
  'identity-service-provider': 'Identity service provider (IDSP)',
};

/** The stages at which a check may be recorded: an offer is conditional on it, and a hire needs it. */
export const RIGHT_TO_WORK_STAGES: readonly ApplicationStage[] = ['offer', 'hired'];

/** A completed check of a hire is kept this many years after the employment ends (docs/behaviour.md#right-to-work-checks). */
export const RIGHT_TO_WORK_KEEP_YEARS_AFTER_EMPLOYMENT = 2;

/** The evidence's file types: what a scan, a photo or a saved online result comes as. */
export const rightToWorkEvidenceTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type RightToWorkEvidenceType = (typeof rightToWorkEvidenceTypes)[number];

/**
 * A check cannot be dated after today, as the London calendar has it (a check at 00:30 BST is
 * today's, though UTC still says yesterday). Used in the schema below, so the server decides with
 * its own clock whatever the form's clock says (docs/behaviour.md#right-to-work-checks).
 */
export const isCheckedOnInFuture = (checkedOn: string, now?: Date): boolean => checkedOn > londonToday(now);

const calendarDate = (message: string) =>
  z.string({ error: message }).refine(isCalendarDate, { error: message });

/** PUT /api/applications/:id/right-to-work: the checklist's fields; who checked is the signed-in admin. */
export const rightToWorkCheckInputSchema = z
  .object({
    method: z.enum(rightToWorkMethods, { error: messages.rightToWorkMethodInvalid }),
    checkedOn: calendarDate(messages.rightToWorkCheckedOnInvalid),
    /** Set for time-limited permission: the day to check again. */
    followUpOn: calendarDate(messages.rightToWorkFollowUpInvalid).nullable().default(null),
    /** Set when the employment ends: the record is then kept two more years. */
    employmentEndedOn: calendarDate(messages.rightToWorkEmploymentEndInvalid).nullable().default(null),
  })
  .superRefine((input, context) => {
    if (isCalendarDate(input.checkedOn) && isCheckedOnInFuture(input.checkedOn))
      context.addIssue({
        code: 'custom',
        path: ['checkedOn'],
        message: messages.rightToWorkCheckedOnFuture,
      });
    if (input.followUpOn !== null && input.followUpOn <= input.checkedOn)
      context.addIssue({
        code: 'custom',
        path: ['followUpOn'],
        message: messages.rightToWorkFollowUpInvalid,
      });
    if (input.employmentEndedOn !== null && input.employmentEndedOn < input.checkedOn)
      context.addIssue({
        code: 'custom',
        path: ['employmentEndedOn'],
        message: messages.rightToWorkEmploymentEndInvalid,
      });
  });
export type RightToWorkCheckInput = z.input<typeof rightToWorkCheckInputSchema>;

export const rightToWorkCheckSchema = z.object({
  applicationId: z.string(),
  method: z.enum(rightToWorkMethods),
  checkedOn: z.string(),
  checkedByEmail: z.string(),
  checkedByName: z.string(),
  followUpOn: z.string().nullable(),
  /** When the follow-up reminder was e-mailed; none until it has been. */
  followUpRemindedAt: z.string().nullable(),
  employmentEndedOn: z.string().nullable(),
  evidence: z
    .object({ type: z.enum(rightToWorkEvidenceTypes), size: z.number().int(), uploadedAt: z.string() })
    .nullable(),
  /** Method, date and evidence all recorded. */
  complete: z.boolean(),
  /**
   * Kept out of the recruitment purge: a completed check of a Hired application. `keptUntil` is
   * the last day it is kept once the employment's end is recorded, else null (kept while employed).
   */
  keptForEmployment: z.boolean(),
  keptUntil: z.string().nullable(),
  updatedAt: z.string(),
});
export type RightToWorkCheck = z.infer<typeof rightToWorkCheckSchema>;

/** GET /api/applications/:id/right-to-work: the check, or null before one is recorded. */
export const rightToWorkAnswerSchema = z.object({
  stage: z.string(),
  check: rightToWorkCheckSchema.nullable(),
});
export type RightToWorkAnswer = z.infer<typeof rightToWorkAnswerSchema>;

/** The last day a completed hire's check is kept: the employment's end plus two years. */
export const keptUntilOf = (employmentEndedOn: string): string => {
  const [year, rest] = [Number(employmentEndedOn.slice(0, 4)), employmentEndedOn.slice(4)];
  const candidate = `${year + RIGHT_TO_WORK_KEEP_YEARS_AFTER_EMPLOYMENT}${rest}`;
  // 29 February two years on is 28 February.
  return isCalendarDate(candidate) ? candidate : `${year + RIGHT_TO_WORK_KEEP_YEARS_AFTER_EMPLOYMENT}-02-28`;
};
