import { z } from 'zod';
import { multiLineText, ONE_LINE } from '../contact-fields';
import type { ApplicationStage } from './stage-contract';

/**
 * Replies to applicants: e-mails an admin may send when moving an application to a stage, from a
 * template the admins edit (docs/behaviour.md#replies-to-applicants). Each kind belongs to one
 * stage.
 */
export const replyKinds = ['rejection', 'interview'] as const;
export type ReplyKind = (typeof replyKinds)[number];

export const replyKindLabels: Record<ReplyKind, string> = {
  rejection: 'Rejection',
  interview: 'Interview invitation',
};

const replyKindByStage: Partial<Record<ApplicationStage, ReplyKind>> = {
  rejected: 'rejection',
  interview: 'interview',
};

/** The reply a move to `stage` offers to send, if any. */
export const replyKindForStage = (stage: ApplicationStage): ReplyKind | undefined => replyKindByStage[stage];

/** What a template may say in braces; each is filled from the stored application. */
export const replyPlaceholders = ['firstName', 'fullName', 'jobTitle', 'companyName', 'careersUrl'] as const;
export type ReplyPlaceholder = (typeof replyPlaceholders)[number];
export type ReplyValues = Record<ReplyPlaceholder, string>;

export const replyPlaceholderHelp: Record<ReplyPlaceholder, string> = {
  firstName: "the applicant's first name",
  fullName: "the applicant's full name",
  jobTitle: 'the job they applied for',
  companyName: "the company's name",
  careersUrl: 'the address of the careers site',
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a text uses that no application can fill. */
export const unknownPlaceholders = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1]!)
    .filter((name) => !(replyPlaceholders as readonly string[]).includes(name));

/** Fills a template's placeholders; the values are plain text, and so is the e-mail. */
export const fillReplyTemplate = (text: string, values: ReplyValues): string =>
  text.replace(PLACEHOLDER, (whole, name: string) =>
    (replyPlaceholders as readonly string[]).includes(name) ? values[name as ReplyPlaceholder] : whole,
  );

/** "Ada" from "Ada Lovelace"; the whole name when it has one part. */
export const firstNameOf = (fullName: string): string => fullName.trim().split(/\s+/)[0] ?? fullName.trim();

const knownPlaceholdersOnly = (text: string, ctx: z.RefinementCtx) => {
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')}. Use ${replyPlaceholders
        .map((name) => `{${name}}`)
        .join(', ')}.`,
    });
};

/** PUT /api/reply-templates/:kind: what the admins wrote. */
export const replyTemplateSchema = z.object({
  subject: z
    .string({ error: 'A subject is required.' })
    .trim()
    .min(1, 'A subject is required.')
    .max(200, 'The subject must be at most 200 characters.')
    // One line that shows as written: a line break would end the e-mail's Subject header.
    .regex(ONE_LINE, 'The subject must be one line.')
    .superRefine(knownPlaceholdersOnly),
  body: multiLineText('The message', { error: 'A message is required.' })
    .trim()
    .min(1, 'A message is required.')
    .max(10_000, 'The message must be at most 10000 characters.')
    .superRefine(knownPlaceholdersOnly),
});

export const replyKindParamsSchema = z.object({
  kind: z.enum(replyKinds, { error: `Unknown reply. Use one of: ${replyKinds.join(', ')}.` }),
});

/** One template as the settings screen shows it: `custom` false while the product's default stands. */
export const storedReplyTemplateSchema = replyTemplateSchema.extend({
  kind: z.enum(replyKinds),
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export const replyTemplateListSchema = z.array(storedReplyTemplateSchema);

/**
 * GET /api/applications/:id/reply/:kind: the e-mail exactly as it would go, for the preview
 * before sending. `alreadySent` is true when this application has had this reply and the kind is
 * sent at most once (a rejection), so moving it again sends nothing.
 */
export const replyPreviewSchema = z.object({
  kind: z.enum(replyKinds),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  alreadySent: z.boolean(),
});

/** A reply queued for an applicant: which, by whom and when. Kept as long as the application. */
export const sentReplySchema = z.object({
  _id: z.string(),
  applicationId: z.string(),
  kind: z.enum(replyKinds),
  actorEmail: z.string(),
  createdAt: z.string(),
});

/** Replies sent at most once per application. */
export const onceOnlyReplies: readonly ReplyKind[] = ['rejection'];

export type ReplyTemplate = z.input<typeof replyTemplateSchema>;
export type StoredReplyTemplate = z.infer<typeof storedReplyTemplateSchema>;
export type ReplyPreview = z.infer<typeof replyPreviewSchema>;
export type SentReply = z.infer<typeof sentReplySchema>;

/** The product's own wording, kind and plain, until the admins write their own. */
export const defaultReplyTemplates: Record<ReplyKind, ReplyTemplate> = {
  rejection: {
    subject: 'Your application for {jobTitle} at {companyName}',
    body: [
      'Dear {firstName},',
      '',
      'Thank you for applying for the {jobTitle} role at {companyName}, and for the time you put into your application.',
      '',
      'We have read it carefully, and we are sorry to tell you that on this occasion we will not be taking it further. We know this is disappointing news.',
      '',
      'Please do not let it put you off: we would be glad to hear from you again if you see another role with us that suits you. Our open positions are at {careersUrl}.',
      '',
      'With best wishes,',
      'The {companyName} careers team',
    ].join('\n'),
  },
  interview: {
    subject: 'Interview invitation: {jobTitle} at {companyName}',
    body: [
      'Dear {firstName},',
      '',
      'Thank you for applying for the {jobTitle} role at {companyName}. We enjoyed reading your application and would like to invite you to an interview.',
      '',
      'A member of our team will be in touch shortly to arrange a time that suits you. If you have any questions in the meantime, or need any adjustments for the interview, simply reply to this e-mail.',
      '',
      'We look forward to speaking with you.',
      '',
      'Kind regards,',
      'The {companyName} careers team',
    ].join('\n'),
  },
};
