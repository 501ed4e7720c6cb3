import { z } from 'zod';

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
  adjustments: z
    .string({ error: 'Adjustments must be text.' })
    .trim()
    .max(MAX_ADJUSTMENTS_LENGTH, `Adjustments must be at most ${MAX_ADJUSTMENTS_LENGTH} characters.`)
    .optional(),
  /** The Disability Confident opt-in: shortlisters see only that the minimum criteria decide. */
  disabilityConfident: yes,
};

/** GET /api/applications/:id/adjustments, for the adjustments contact only. */
export const adjustmentsAnswerSchema = z.object({
  applicationId: z.string(),
  adjustments: z.string().nullable(),
  disabilityConfident: z.boolean(),
});

/** GET /api/adjustments: every application with an adjustment request, newest first. */
export const adjustmentRequestListSchema = z.array(
  adjustmentsAnswerSchema.extend({
    name: z.string(),
    jobTitle: z.string(),
    createdAt: z.string(),
  }),
);

export type AdjustmentsAnswer = z.infer<typeof adjustmentsAnswerSchema>;
export type AdjustmentRequest = z.infer<typeof adjustmentRequestListSchema>[number];
