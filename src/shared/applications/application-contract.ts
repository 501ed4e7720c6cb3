import { z } from 'zod';
import { messages } from '../messages';
import { emailSchema, multiLineText, nameSchema, phoneSchema } from '../contact-fields';
import { PRIVACY_NOTICE_VERSION } from '../site/privacy-notice';
import { stageSchema } from './stage-contract';
import { adjustmentFields } from '../adjustments/adjustments-contract';
import { answersInputSchema, storedAnswerSchema } from '../questions/question-contract';
import {
  heardAboutField,
  heardAboutSchema,
  referrerHostField,
  sourceMarkerField,
} from '../sources/source-contract';

const contactFields = {
  name: nameSchema,
  email: emailSchema,
  phone: z.string().optional(),
  number: z.string().optional(),
};
const otherFields = {
  about: multiLineText('Cover letter', { error: messages.coverLetterRequired })
    .trim()
    .min(1, messages.coverLetterRequired)
    .max(20_000, 'Cover letter must be at most 20000 characters.'),
  jobTitle: z.string().max(200).optional(),
  jobName: z.string().max(200).optional(),
  jobId: z.string({ error: messages.jobNotFound }),
  /**
   * The applicant privacy notice the form showed: only the current one can have been shown
   * (a form opened before the notice changed must be reloaded). Left out, nothing is recorded.
   */
  privacyNoticeVersion: z
    .literal(PRIVACY_NOTICE_VERSION, { error: messages.privacyNoticeOutdated })
    .optional(),
  ...adjustmentFields,
  /**
   * The answers to the job's questions, keyed by question id, and the version of the questions
   * the form showed (the job's questionSetId). Both may be left out when the job asks nothing
   * required; without a version the job's current questions apply.
   */
  answers: answersInputSchema.optional(),
  questionSetId: z.string().max(100).optional(),
  /**
   * Where the applicant came from (docs/behaviour.md#sources): the `?src=` marker the visitor
   * landed with, the referring site's host, and their own answer to "How did you hear about this
   * job?". A marker or host is never a reason to refuse; the answer must be one of the list.
   */
  source: sourceMarkerField,
  referrerHost: referrerHostField,
  heardAbout: heardAboutField,
};

/** phone and number carry the same value; either is enough, and one checked phone comes out. */
function onePhone<T extends { phone?: string | undefined; number?: string | undefined }>(
  { phone, number, ...rest }: T,
  ctx: z.RefinementCtx,
) {
  const parsed = phoneSchema.safeParse(phone || number || '');
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['phone'] });
    return z.NEVER;
  }
  return { ...rest, phone: parsed.data };
}

/**
 * POST /applications and POST /email/sendEmail: phone and number carry the
 * same value, as do jobTitle and jobName; either of each pair is enough.
 */
export const applicationSubmissionSchema = z
  .object({
    ...contactFields,
    pdfFile: z.string({ error: messages.cvRequired }).min(1, messages.cvRequired),
    ...otherFields,
  })
  .transform(onePhone);

/**
 * The same application as a multipart form: these fields as text parts, and the CV's bytes as a
 * file part named `pdfFile` (a quarter smaller than base64 on the applicant's uplink).
 */
export const applicationFieldsSchema = z.object({ ...contactFields, ...otherFields }).transform(onePhone);
/** The name of the file part that carries the CV in a multipart application. */
export const CV_PART_NAME = 'pdfFile';
/**
 * A plain HTML form (sent without the app, docs/behaviour.md#applying-without-javascript) cannot
 * put its answers into one JSON part: each answer comes as its own part named `answers.<question
 * id>`, a list question's choices as one part each, and the server reads them as the form's
 * controls do (a yes-or-no answer `yes` or `no`, a number as typed).
 */
export const PLAIN_ANSWER_PREFIX = 'answers.';

/** POST /email/sendEmail: the same payload, only acknowledged (storing the application queued its e-mails). */
export const emailNotificationSchema = z.object({
  email: emailSchema,
  jobId: z.string({ error: messages.jobNotFound }),
  applicationId: z.string().optional(),
  name: z.string().optional(),
  phone: z.string().optional(),
  number: z.string().optional(),
  pdfFile: z.string().optional(),
  about: z.string().optional(),
  jobTitle: z.string().optional(),
  jobName: z.string().optional(),
});

export const applicationSavedSchema = z.object({
  success: z.boolean(),
  insertedId: z.string(),
  /** True when the same e-mail address applied to the same job in the last 30 days: stored, but flagged. */
  duplicate: z.boolean(),
  /**
   * Proves, once, that the sender of the equality monitoring form made this application
   * (docs/security.md#equality-monitoring); absent when monitoring is off.
   */
  monitoringToken: z.string().optional(),
});

/** List rows never carry CV bytes: a CV is fetched on its own, when it is previewed or downloaded. */
export const applicationSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  number: z.string(),
  jobId: z.string().nullable(),
  jobTitle: z.string(),
  jobName: z.string(),
  applyDate: z.string(),
  createdAt: z.string(),
  hasResume: z.boolean(),
  pdfFileSize: z.number().int(),
  fileSize: z.number().int(),
  /** The earlier application this one repeats (same e-mail, same job, within 30 days), if any. */
  duplicateOf: z.string().nullable(),
  /** Where it stands in hiring (stage-contract.ts), and since when. */
  stage: stageSchema,
  stageChangedAt: z.string(),
});
export const applicationListSchema = z.array(applicationSummarySchema);

export const applicationDetailSchema = applicationSummarySchema.extend({
  about: z.string(),
  privacyNoticeVersion: z.string().nullable(),
  /** When the applicant submitted under that notice. */
  privacyAcknowledgedAt: z.string().nullable(),
  /** Kept from the retention purge by an admin. */
  retentionHold: z.boolean(),
  /** The day the retention purge deletes it (ISO date), unless held. */
  /** When the retention purge deletes it; null while a hire's right-to-work record keeps it. */
  purgeAfter: z.string().nullable(),
  /**
   * The applicant opted in to the Disability Confident scheme: shortlisters see only "interview
   * if the minimum criteria are met", never why (docs/behaviour.md#adjustments).
   */
  interviewIfMinimumCriteriaMet: z.boolean(),
  /** The answers to the job's questions, each with the question as the applicant saw it. */
  answers: z.array(storedAnswerSchema),
  /** The source recorded (a tracking link's code, a feed's marker, `direct` or `unknown`). */
  source: z.string(),
  /** The outside site the applicant came from, its host only. */
  referrerHost: z.string().nullable(),
  /** The applicant's answer to "How did you hear about this job?". */
  heardAbout: heardAboutSchema.nullable(),
});

/** The most rows one page of GET /applications?limit= holds. */
export const MAX_APPLICATION_PAGE = 500;

/**
 * GET /applications?question=&answer=: only applications that gave that answer to that question.
 * `q`: only those whose name, e-mail or job title holds it, in any case (the list screen's search,
 * docs/behaviour.md#search). `limit`: only the newest that many, the list's first screenful
 * (docs/architecture.md#the-applications-list). Without them, every application.
 */
export const applicationListQuerySchema = z
  .object({
    question: z.string().trim().min(1).max(100).optional(),
    answer: z.string().trim().min(1).max(200).optional(),
    q: z.string().max(200, 'Search for at most 200 characters.').optional(),
    limit: z
      .string()
      .regex(/^\d{1,4}$/, { error: `Give the limit as a whole number from 1 to ${MAX_APPLICATION_PAGE}.` })
      .transform(Number)
      .refine((limit) => limit >= 1 && limit <= MAX_APPLICATION_PAGE, {
        error: `Give the limit as a whole number from 1 to ${MAX_APPLICATION_PAGE}.`,
      })
      .optional(),
  })
  .refine((query) => (query.question === undefined) === (query.answer === undefined), {
    message: 'Filter by an answer with both question and answer.',
  });

export const cvAnswerSchema = z.object({ pdfFile: z.string(), fileSize: z.number().int() });

export type ApplicationFields = z.input<typeof applicationFieldsSchema>;
export type EmailNotification = z.input<typeof emailNotificationSchema>;
export type ApplicationSaved = z.infer<typeof applicationSavedSchema>;
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;
export type CvAnswer = z.infer<typeof cvAnswerSchema>;

/**
 * What the server's pages say to an application sent as a plain HTML form, without the app
 * (docs/behaviour.md#applying-without-javascript): the confirmation the app's success page gives,
 * and the way back to the job after a refusal.
 */
export const plainApplyMessages = {
  submittedTitle: 'Application Submitted!',
  submitted: (jobTitle: string, brand: string, duplicate: boolean) =>
    `Thank you for applying for the ${jobTitle} role at ${brand}. ${
      duplicate ? `${messages.duplicateApplication} ` : ''
    }A confirmation e-mail is on its way to your inbox, with your private link to your application. Our team will review your application and will contact you if your qualifications match the role.`,
  refusedTitle: 'Your application was not sent',
  knockedOutTitle: 'Thank you for your interest',
  backToJob: 'Back to the job',
} as const;
