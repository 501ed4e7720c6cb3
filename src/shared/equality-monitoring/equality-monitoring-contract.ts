import { z } from 'zod';

/**
 * Equality monitoring: the UK's usual questions, every one optional and each with "Prefer not to
 * say". Answers are stored apart from the application, with no link an administrator can follow
 * back (docs/security.md#equality-monitoring), and read only as suppressed aggregates.
 */

export const PREFER_NOT_TO_SAY = 'prefer-not-to-say';

const option = (value: string, label: string) => ({ value, label });

export const monitoringQuestions = [
  {
    key: 'ageBand',
    label: 'What is your age?',
    options: [
      option('16-24', '16 to 24'),
      option('25-34', '25 to 34'),
      option('35-44', '35 to 44'),
      option('45-54', '45 to 54'),
      option('55-64', '55 to 64'),
      option('65-plus', '65 or over'),
    ],
  },
  {
    key: 'sex',
    label: 'What is your sex?',
    options: [option('female', 'Female'), option('male', 'Male')],
  },
  {
    key: 'genderIdentity',
    label: 'Is the gender you identify with the same as your sex registered at birth?',
    options: [option('same', 'Yes'), option('different', 'No')],
  },
  {
    key: 'ethnicGroup',
    label: 'What is your ethnic group?',
    options: [
      option('asian', 'Asian or Asian British'),
      option('black', 'Black, Black British, Caribbean or African'),
      option('mixed', 'Mixed or multiple ethnic groups'),
      option('white', 'White'),
      option('other', 'Another ethnic group'),
    ],
  },
  {
    key: 'disability',
    label:
      'Do you have a physical or mental health condition or illness lasting, or expected to last, 12 months or more?',
    options: [option('yes', 'Yes'), option('no', 'No')],
  },
  {
    key: 'religion',
    label: 'What is your religion or belief?',
    options: [
      option('none', 'No religion'),
      option('buddhist', 'Buddhist'),
      option('christian', 'Christian'),
      option('hindu', 'Hindu'),
      option('jewish', 'Jewish'),
      option('muslim', 'Muslim'),
      option('sikh', 'Sikh'),
      option('other', 'Another religion or belief'),
    ],
  },
  {
    key: 'sexualOrientation',
    label: 'Which of the following best describes your sexual orientation?',
    options: [
      option('straight', 'Straight or heterosexual'),
      option('gay-lesbian', 'Gay or lesbian'),
      option('bisexual', 'Bisexual'),
      option('other', 'Another sexual orientation'),
    ],
  },
] as const;

export type MonitoringQuestionKey = (typeof monitoringQuestions)[number]['key'];
export const monitoringQuestionKeys = monitoringQuestions.map((question) => question.key);

export const preferNotToSayLabel = 'Prefer not to say';
export const notAnsweredLabel = 'Not answered';

const answerSchema = (question: (typeof monitoringQuestions)[number]) =>
  z
    .enum([PREFER_NOT_TO_SAY, ...question.options.map((item): string => item.value)], {
      error: `Choose one of the answers offered for "${question.label}", or leave it out.`,
    })
    .optional();

/** The answers: each question may be left out, answered, or answered "Prefer not to say". */
export const monitoringAnswersSchema = z
  .object(
    Object.fromEntries(
      monitoringQuestions.map((question) => [question.key, answerSchema(question)]),
    ) as Record<MonitoringQuestionKey, ReturnType<typeof answerSchema>>,
  )
  .strict();

/**
 * POST /api/equality-monitoring: sent once, after the application. The token came with the
 * application's answer and proves the sender made it; neither is stored.
 */
export const monitoringSubmissionSchema = z.object({
  applicationId: z.string({ error: 'Name the application (applicationId).' }),
  token: z.string({ error: 'The monitoring token is missing.' }).min(1).max(200),
  answers: monitoringAnswersSchema,
});

/** How far an application got, as the funnel counts it: the highest stage it ever reached. */
export const funnelStages = ['applied', 'shortlisted', 'interviewed', 'offered', 'hired'] as const;
export type FunnelStage = (typeof funnelStages)[number];
export const funnelStageLabels: Record<FunnelStage, string> = {
  applied: 'Applied',
  shortlisted: 'Shortlisted',
  interviewed: 'Interviewed',
  offered: 'Offered',
  hired: 'Hired',
};

/**
 * The smallest group a report shows: a count under it is withheld (null, "Fewer than 5"), and
 * every other count is rounded to the nearest multiple of it (docs/security.md#equality-monitoring).
 */
export const MIN_REPORTED_GROUP = 5;

/**
 * The figures change at most once a day, and only once at least this many returns have changed
 * (sent, moved on, deleted) since they last did, so that no change of one person shows alone.
 */
export const REFRESH_AFTER_CHANGES = 5;

/** A count per funnel stage: how many reached at least that stage, rounded; null when under 5. */
const stageCountsSchema = z.object(
  Object.fromEntries(funnelStages.map((stage) => [stage, z.number().int().nullable()])) as Record<
    FunnelStage,
    z.ZodNullable<z.ZodNumber>
  >,
);
export type StageCounts = z.infer<typeof stageCountsSchema>;

/** One slice's figures as published and stored: the total, and each answer of each question. */
export interface PublishedFigures {
  total: StageCounts;
  questions: Record<MonitoringQuestionKey, Record<string, StageCounts>>;
}

/** GET /api/equality-monitoring/funnel?jobId=: one job's funnel, or every job's without jobId. */
export const funnelQuerySchema = z.object({ jobId: z.string().optional() });

export const funnelReportSchema = z.object({
  jobId: z.string().nullable(),
  /**
   * The day (YYYY-MM-DD, London) the figures were taken; null when there are none yet for this
   * job, and then every count is null.
   */
  asOf: z.string().nullable(),
  /** Every monitoring return counted, per stage. */
  total: stageCountsSchema,
  questions: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      groups: z.array(z.object({ value: z.string(), label: z.string(), counts: stageCountsSchema })),
    }),
  ),
});

export const monitoringSavedSchema = z.object({ acknowledged: z.boolean() });

export type MonitoringAnswers = z.infer<typeof monitoringAnswersSchema>;
export type MonitoringSubmission = z.input<typeof monitoringSubmissionSchema>;
export type FunnelReport = z.infer<typeof funnelReportSchema>;
