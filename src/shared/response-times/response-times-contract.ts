import { z } from 'zod';
import { notOneLineMessage, ONE_LINE } from '../contact-fields';
import { stageLabels, type ApplicationStage } from '../applications/stage-contract';

/**
 * How long an application may wait in a stage before someone acts on it, in working days (Monday
 * to Friday, England and Wales bank holidays skipped), and the reasons kept for rejections
 * (docs/behaviour.md#response-times).
 */

/** The stages that have a time limit, in order; Hired, Rejected and Withdrawn have none. */
export const limitedStages = ['new', 'reviewed', 'shortlisted', 'interview', 'offer'] as const;
export type LimitedStage = (typeof limitedStages)[number];

export const isLimitedStage = (stage: ApplicationStage): stage is LimitedStage =>
  (limitedStages as readonly string[]).includes(stage);

export const DEFAULT_STAGE_LIMITS: Record<LimitedStage, number> = {
  new: 5,
  reviewed: 10,
  shortlisted: 10,
  interview: 10,
  offer: 5,
};

/** A limit longer than three months of working days is no limit at all. */
export const MAX_STAGE_LIMIT_DAYS = 65;

const limitSchema = (stage: LimitedStage) =>
  z
    .number({ error: `Give the limit for ${stageLabels[stage]} in whole working days.` })
    .int(`Give the limit for ${stageLabels[stage]} in whole working days.`)
    .min(1, `The limit for ${stageLabels[stage]} must be at least 1 working day.`)
    .max(
      MAX_STAGE_LIMIT_DAYS,
      `The limit for ${stageLabels[stage]} can be at most ${MAX_STAGE_LIMIT_DAYS} working days.`,
    );

/** GET and PUT /api/response-times/limits. */
export const stageLimitsSchema = z.object(
  Object.fromEntries(limitedStages.map((stage) => [stage, limitSchema(stage)])) as Record<
    LimitedStage,
    z.ZodNumber
  >,
);
export type StageLimits = z.infer<typeof stageLimitsSchema>;

/** One application past its stage's limit, for the admin list and the pipeline. */
export const overdueApplicationSchema = z.object({
  applicationId: z.string(),
  jobId: z.string().nullable(),
  jobTitle: z.string(),
  stage: z.enum(limitedStages),
  /** The last working day of its limit, YYYY-MM-DD in London. */
  dueOn: z.string(),
  /** Working days gone since `dueOn` (0 on a weekend or bank holiday just after it). */
  workingDaysOver: z.number().int(),
});
export type OverdueApplication = z.infer<typeof overdueApplicationSchema>;

/** GET /api/response-times/overdue. */
export const overdueListSchema = z.object({ applications: z.array(overdueApplicationSchema) });
export type OverdueList = z.infer<typeof overdueListSchema>;

/** "Overdue by 3 working days", or since when when none has passed yet. */
export const overdueText = (overdue: Pick<OverdueApplication, 'workingDaysOver'>): string =>
  overdue.workingDaysOver <= 0
    ? 'Overdue: its time limit has just passed'
    : `Overdue by ${overdue.workingDaysOver} working ${overdue.workingDaysOver === 1 ? 'day' : 'days'}`;

/**
 * The reasons every database starts with, written with these ids the first time the list is
 * needed (response-times-repository.ts); administrators rename, retire or add to them.
 */
export const SEEDED_REJECTION_REASONS = [
  { _id: '5eed0000-0000-4000-8000-000000000001', label: 'Did not meet essential criteria' },
  { _id: '5eed0000-0000-4000-8000-000000000002', label: 'Another candidate was a better match' },
  { _id: '5eed0000-0000-4000-8000-000000000003', label: 'Position filled' },
  { _id: '5eed0000-0000-4000-8000-000000000004', label: 'Withdrawn by us' },
] as const;

export const REJECTION_REASON_MAX = 120;
export const UNKNOWN_REJECTION_REASON =
  'That rejection reason is not on the list, or has been retired. Choose another.';
/** A change to a reason the list does not hold (an id made up, or from another server). */
export const MISSING_REJECTION_REASON = 'There is no such rejection reason.';

/** A reason an administrator may give for a rejection; retired ones stay for the history. */
export const rejectionReasonSchema = z.object({
  _id: z.string(),
  label: z.string(),
  retired: z.boolean(),
});
export type RejectionReason = z.infer<typeof rejectionReasonSchema>;
export const rejectionReasonListSchema = z.array(rejectionReasonSchema);

const reasonLabelSchema = z
  .string({ error: 'Write the reason.' })
  .trim()
  .regex(ONE_LINE, notOneLineMessage('A reason'))
  .min(1, 'Write the reason.')
  .max(REJECTION_REASON_MAX, `A reason can be at most ${REJECTION_REASON_MAX} characters.`);

/** POST /api/rejection-reasons. */
export const newRejectionReasonSchema = z.object({ label: reasonLabelSchema });
/** PATCH /api/rejection-reasons/:id: rename it, retire it, or bring it back. */
export const rejectionReasonChangeSchema = z.object({
  label: reasonLabelSchema.optional(),
  retired: z.boolean({ error: 'Say whether the reason is retired (true or false).' }).optional(),
});
export type RejectionReasonChange = z.infer<typeof rejectionReasonChangeSchema>;

/** GET /api/my-application/:token/response: what the applicant's page says about our reply. */
export const applicantResponseSchema = z.object({
  /** "We are still reviewing applications for this job. We expect to reply by Thursday 12 March." */
  holdingLine: z.string().nullable(),
  /** The administrator's feedback on a rejection, once the rejection e-mail has gone. */
  feedback: z.string().nullable(),
});
export type ApplicantResponse = z.infer<typeof applicantResponseSchema>;

export const holdingLineText = (expectedBy: string): string =>
  `We are still reviewing applications for this job. We expect to reply by ${expectedBy}.`;
