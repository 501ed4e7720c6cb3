import { z } from 'zod';
import { multiLineText, ONE_LINE, notOneLineMessage } from '../contact-fields';

/**
 * What the apply form asks about adjustments: optional, kept apart from the application's other
 * fields and read only by the named adjustments contact (docs/security.md#adjustments).
 */
export const MAX_ADJUSTMENTS_LENGTH = 2000;

/**
 * Whether an account is the adjustments contact the configuration names (ADJUSTMENTS_CONTACT_EMAIL,
 * held lower-cased): with none named, nobody is.
 */
export const isAdjustmentsContact = (accountEmail: string, contactEmail: string | undefined): boolean =>
  Boolean(contactEmail) && accountEmail.toLowerCase() === contactEmail;

/** A form sends text ("true", "on"); JSON sends a boolean. Left out means no. */
const yes = z.preprocess(
  (value) => (typeof value === 'string' ? ['true', 'on', 'yes'].includes(value.trim().toLowerCase()) : value),
  z.boolean({ error: 'Say true or false.' }).optional(),
);

export const adjustmentFields = {
  /** What the applicant needs to apply or to be interviewed, in their words; blank for none. */
  adjustments: multiLineText('Adjustments', { error: 'Adjustments must be text.' })
    .trim()
    .max(MAX_ADJUSTMENTS_LENGTH, `Adjustments must be at most ${MAX_ADJUSTMENTS_LENGTH} characters.`)
    .optional(),
  /** The Disability Confident opt-in: shortlisters see only that the minimum criteria decide. */
  disabilityConfident: yes,
};

/**
 * GET /api/applications/:id/adjustments, for the adjustments contact only: what the applicant
 * asked for on the form and when booking their interview, in their words, and what the contact
 * agreed for the interviewers.
 */
export const adjustmentsAnswerSchema = z.object({
  applicationId: z.string(),
  adjustments: z.string().nullable(),
  disabilityConfident: z.boolean(),
  /** What they asked for when booking their interview (the latest), in their words. */
  interviewAdjustments: z.string().nullable(),
  /** What the contact wrote for the interviewers and the hiring manager; none yet: null. */
  agreed: z.string().nullable(),
});

/** GET /api/adjustments: every application with an adjustment request, newest first. */
export const adjustmentRequestListSchema = z.array(
  adjustmentsAnswerSchema.extend({
    name: z.string(),
    jobTitle: z.string(),
    createdAt: z.string(),
  }),
);

/** The agreed adjustment's longest text: one line in an e-mail and on a card. */
export const MAX_AGREED_ADJUSTMENT_LENGTH = 500;

/**
 * PUT /api/applications/:id/adjustments/agreed: what the adjustments contact tells the
 * interviewers and the hiring manager, in the contact's own words (blank: nothing agreed). It is
 * one line, under the rule of every one-line field, since it goes into their e-mails as written.
 */
export const agreedAdjustmentSchema = z.object({
  agreed: z
    .string({ error: 'The agreed adjustment must be text.' })
    .trim()
    .max(
      MAX_AGREED_ADJUSTMENT_LENGTH,
      `The agreed adjustment must be at most ${MAX_AGREED_ADJUSTMENT_LENGTH} characters.`,
    )
    .regex(ONE_LINE, notOneLineMessage('The agreed adjustment'))
    .transform((text) => text || null),
});

/** The answer to PUT .../adjustments/agreed: the agreed adjustment as it now stands. */
export const agreedAdjustmentAnswerSchema = z.object({
  applicationId: z.string(),
  agreed: z.string().nullable(),
});

/** How the interviewers and the hiring manager are told of it, on their screens and in their e-mails. */
export const agreedAdjustmentLine = (agreed: string): string => `An adjustment has been agreed: ${agreed}`;

export type AgreedAdjustment = z.input<typeof agreedAdjustmentSchema>;
export type AgreedAdjustmentAnswer = z.infer<typeof agreedAdjustmentAnswerSchema>;
export type AdjustmentsAnswer = z.infer<typeof adjustmentsAnswerSchema>;
export type AdjustmentRequest = z.infer<typeof adjustmentRequestListSchema>[number];
