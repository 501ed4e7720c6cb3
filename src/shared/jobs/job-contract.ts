import { z } from 'zod';
import { messages } from '../messages';
import { multiLineText, notOneLineMessage, ONE_LINE } from '../contact-fields';
import { closingDateMessages } from './closing-date';
import { isCalendarDate, londonToday } from '../format/calendar-date';
import { questionListSchema, questionSchema } from '../questions/question-contract';
import { jobFactsInputShape, jobFactsShape } from './job-facts';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: messages.fieldRequired(label) })
    .trim()
    .min(1, messages.fieldRequired(label))
    .max(max, `${label} must be at most ${max} characters.`);

/** A required text of several lines (see MULTI_LINE): the description. */
const requiredParagraphs = (label: string, max: number) =>
  multiLineText(label, { error: messages.fieldRequired(label) })
    .trim()
    .min(1, messages.fieldRequired(label))
    .max(max, `${label} must be at most ${max} characters.`);

/** A required field of one line (see ONE_LINE): it also goes into titles, feeds and e-mail subjects. */
const requiredLine = (label: string, max: number) =>
  requiredText(label, max).regex(ONE_LINE, notOneLineMessage(label));

/**
 * A text the specification's clients send, which may now be blank when the job's facts say it
 * (docs/behaviour.md#job-facts): the server refuses a job where neither does.
 */
const derivableLine = (label: string, max: number) =>
  z
    .string({ error: messages.fieldRequired(label) })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .regex(ONE_LINE, notOneLineMessage(label));

/** The closing date is optional; blank clears it. */
export const closingDateSchema = z
  .string({ error: closingDateMessages.invalid })
  .trim()
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .refine((value) => value === null || isCalendarDate(value), closingDateMessages.invalid);

/** List entries are optional (docs/behaviour.md#job-posts): blank entries are dropped rather than refused. */
const textList = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .max(2000, `Each ${label} entry must be at most 2000 characters.`)
        .regex(ONE_LINE, notOneLineMessage(`Each ${label} entry`)),
      {
        error: `${label} must be a list of text entries.`,
      },
    )
    .max(50, `${label} can have at most 50 entries.`)
    .transform((items) => items.map((item) => item.trim()).filter((item) => item.length > 0));

/** The fields an admin edits, with their labels as the create form shows them. */
const editableFields = {
  jobTitle: requiredLine('Job title', 200),
  location: derivableLine('Location', 200),
  hours: derivableLine('Work hours', 200),
  ctc: derivableLine('CTC', 200),
  experience: requiredLine('Experience', 200),
  description: requiredParagraphs('Description', 20_000),
  responsibilities: textList('Responsibilities'),
  requirements: textList('Requirements'),
  closingDate: closingDateSchema.optional(),
  /** What the apply form asks for this job (docs/behaviour.md#questions-per-job). */
  questions: questionListSchema,
  ...jobFactsInputShape,
};

/** The text fields a job's facts can stand in for, with the labels their messages name. */
export const DERIVABLE_TEXTS = { location: 'Location', hours: 'Work hours', ctc: 'CTC' } as const;

/** A new post may leave its lists out: they start empty. */
export const jobFieldsSchema = z.object({
  ...editableFields,
  responsibilities: editableFields.responsibilities.default([]),
  requirements: editableFields.requirements.default([]),
  questions: editableFields.questions.default([]),
  location: editableFields.location.default(''),
  hours: editableFields.hours.default(''),
  ctc: editableFields.ctc.default(''),
  departmentId: editableFields.departmentId.default(null),
  locations: editableFields.locations.default([]),
  workplaceType: editableFields.workplaceType.default(null),
  remoteCountry: editableFields.remoteCountry.default(null),
  employmentTypes: editableFields.employmentTypes.default([]),
  pay: editableFields.pay.default(null),
});

/** POST /post: the client also sends publishTime and postCreator; the server decides both. */
export const jobCreateSchema = jobFieldsSchema
  .extend({
    publishTime: z.string().optional(),
    postCreator: z.string().optional(),
  })
  // A new post that is already closed is a typo; an edit may close a post by moving the date back.
  .refine((job) => !job.closingDate || job.closingDate >= londonToday(), {
    message: closingDateMessages.past,
    path: ['closingDate'],
  });

/**
 * PUT /post/:id: the edit form has no required flags, so every field is optional; a field left
 * out keeps its saved value (no defaults here, or a partial update would empty the lists), and a
 * field sent blank is refused so nothing saved is lost.
 */
export const jobUpdateSchema = z.object(editableFields).partial().extend({
  lastEditUser: z.string().optional(),
  editTime: z.string().optional(),
});

/**
 * A job post as anyone may see it: the public list, a job's page and the data inlined in the
 * site's HTML. It never says who created or edited the post: those are administrators' e-mail
 * addresses, the very accounts a stranger would try to log in as.
 */
const specificationJobSchema = z.object({
  _id: z.string(),
  jobTitle: z.string(),
  location: z.string(),
  hours: z.string(),
  ctc: z.string(),
  experience: z.string(),
  description: z.string(),
  responsibilities: z.array(z.string()),
  requirements: z.array(z.string()),
  publishTime: z.string(),
  /** YYYY-MM-DD, the last day applications are taken; null when the post has none. */
  closingDate: z.string().nullable(),
  /** Past its closing date (UK time): listed to admins only, and applications are refused. */
  closed: z.boolean(),
  /** The questions the apply form asks, and the id of this version of them (sent back with answers). */
  questions: z.array(questionSchema),
  questionSetId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/*
 * The structured facts come after every field the specification names (and after the
 * administrators' bookkeeping), so its clients read the same bytes as before up to them
 * (docs/behaviour.md#job-facts).
 */
export const jobSchema = specificationJobSchema.extend(jobFactsShape);
export const jobListSchema = z.array(jobSchema);

/** Who created and last edited a post, and when: for administrators' answers only. */
const bookkeeping = {
  postCreator: z.string(),
  lastEditUser: z.string().nullable(),
  editTime: z.string().nullable(),
};

/** A job post as stored and as administrators see it. */
export const adminJobSchema = specificationJobSchema.extend(bookkeeping).extend(jobFactsShape);

/** GET /single/:id and GET /all: the bookkeeping fields are there only when an administrator asks. */
export const jobAnswerSchema = specificationJobSchema
  .extend(z.object(bookkeeping).partial().shape)
  .extend(jobFactsShape);
export const jobAnswerListSchema = z.array(jobAnswerSchema);

/** The public form of a post: zod keeps only the fields `jobSchema` names. */
export const toPublicJob = (job: AdminJob): Job => jobSchema.parse(job);

export type JobCreate = z.input<typeof jobCreateSchema>;
export type JobUpdate = z.input<typeof jobUpdateSchema>;
export type Job = z.infer<typeof jobSchema>;
export type AdminJob = z.infer<typeof adminJobSchema>;
