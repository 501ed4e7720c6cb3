import { z } from 'zod';
import { jobInterviewCountsSchema } from '../interviews/interview-contract';
import { multiLineText } from '../contact-fields';

/**
 * Where an application stands in hiring, in order. Every application starts as `new`; opening it
 * moves it to `reviewed`; an admin moves it on from there; `withdrawn` is the applicant's own
 * choice. See docs/behaviour.md#stages.
 */
export const applicationStages = [
  'new',
  'reviewed',
  'shortlisted',
  'interview',
  'offer',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStage = (typeof applicationStages)[number];

export const stageLabels: Record<ApplicationStage, string> = {
  new: 'New',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export const unknownStageMessage = `Unknown stage. Use one of: ${applicationStages.join(', ')}.`;

export const stageSchema = z.enum(applicationStages, { error: unknownStageMessage });

export const isStage = (value: unknown): value is ApplicationStage =>
  typeof value === 'string' && (applicationStages as readonly string[]).includes(value);

/** The most applications one bulk change may name (a year's worth, with room to spare). */
export const MAX_BULK_STAGE_CHANGE = 10_000;
export const bulkStageChangeTooLarge = `At most ${MAX_BULK_STAGE_CHANGE} applications can be changed at once.`;

export const REJECTION_FEEDBACK_MAX = 2000;
export const REJECTION_NEEDS_REASON =
  'Choose a reason for the rejection: rejecting an application needs one.';

/**
 * What a rejection carries besides its stage (docs/behaviour.md#rejection-reasons): the private
 * reason, one of the list administrators keep, and feedback the applicant may read once the
 * rejection e-mail has gone. Both are ignored for any other stage.
 */
export const rejectionFields = {
  reasonId: z.uuid({ error: 'Choose a reason for the rejection from the list.' }).optional(),
  feedback: multiLineText('Feedback', { error: 'Feedback is text.' })
    .trim()
    .max(REJECTION_FEEDBACK_MAX, `Feedback can be at most ${REJECTION_FEEDBACK_MAX} characters.`)
    .optional(),
};

/** A move to Rejected needs a reason. */
export const requireReasonForRejection = (
  change: { stage: ApplicationStage; reasonId?: string | undefined },
  context: z.RefinementCtx,
): void => {
  if (change.stage === 'rejected' && !change.reasonId) {
    context.addIssue({ code: 'custom', path: ['reasonId'], message: REJECTION_NEEDS_REASON });
  }
};

/**
 * PUT /api/applications/:id/stage. `notify` asks the server to e-mail the applicant the reply
 * that belongs to the new stage (see reply-contract.ts), rendered from the stored application:
 * the recipient never comes from the client.
 */
const stageChangeFields = z.object({
  stage: stageSchema,
  notify: z.boolean({ error: 'Say whether to e-mail the applicant (true or false).' }).default(false),
  ...rejectionFields,
});
export const stageChangeSchema = stageChangeFields.superRefine(requireReasonForRejection);

/** POST /api/applications/stage: the same change for many applications, in one transaction. */
export const bulkStageChangeSchema = stageChangeFields
  .extend({
    ids: z
      .array(z.string(), { error: 'Name the applications to change (ids).' })
      .min(1, 'Name at least one application.')
      .max(MAX_BULK_STAGE_CHANGE, bulkStageChangeTooLarge),
  })
  .superRefine(requireReasonForRejection);

/**
 * The answer to a stage change, single or bulk, in the API's acknowledgement style: how many
 * applications were found, how many changed stage (one already there is found but not changed),
 * and how many replies were queued for the applicants.
 */
export const stageChangedSchema = z.object({
  acknowledged: z.boolean(),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
  emailedCount: z.number().int(),
});

/**
 * GET /api/applications/counts: a small answer the admin screens poll (with its ETag, so an
 * unchanged count costs a 304): how many applications there are in each stage, and when the
 * newest arrived.
 */
const stageCountsSchema = z.object(
  Object.fromEntries(applicationStages.map((stage) => [stage, z.number().int()])) as Record<
    ApplicationStage,
    z.ZodNumber
  >,
);

export const applicationCountsSchema = z.object({
  total: z.number().int(),
  byStage: stageCountsSchema,
  /**
   * The same per job, for the dashboard's pipeline, so it needs no list of every application
   * (docs/behaviour.md#pipeline). Jobs with none are left out, and so are applications whose job
   * was deleted.
   */
  jobs: z.array(z.object({ jobId: z.string(), total: z.number().int(), byStage: stageCountsSchema })),
  latestCreatedAt: z.string().nullable(),
  /**
   * For the dashboard's pipeline: each job with interviews booked and to come, or scorecards
   * owed (docs/behaviour.md#pipeline). Jobs with neither are left out.
   */
  interviews: z.array(jobInterviewCountsSchema),
});

export type StageChange = z.input<typeof stageChangeSchema>;
export type BulkStageChange = z.input<typeof bulkStageChangeSchema>;
export type StageChanged = z.infer<typeof stageChangedSchema>;
export type ApplicationCounts = z.infer<typeof applicationCountsSchema>;
