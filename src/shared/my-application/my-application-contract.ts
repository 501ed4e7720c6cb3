import { z } from 'zod';
import { emailSchema } from '../contact-fields';
import { screens } from '../site/screen-routes';

/**
 * The applicant's own view of one application, reached through the private link e-mailed to them
 * (docs/behaviour.md#the-applicants-page). No sign-in: holding the link is the proof.
 */
/** The page's address for a link's token. */
export const myApplicationPath = (token: string): string => screens.myApplication.path({ token });

/**
 * Where an application stands, in the applicant's words. Each covers stages of
 * stage-contract.ts: received (New, Reviewed), in progress (Shortlisted, Interview, Offer),
 * successful (Hired), closed (Rejected, once the applicant has been told), withdrawn.
 */
export const myApplicationStatuses = [
  'received',
  'in-progress',
  'successful',
  'closed',
  'withdrawn',
] as const;
export type MyApplicationStatus = (typeof myApplicationStatuses)[number];

/** The answer to a token that opens nothing (made up, replaced, withdrawn, erased or purged). */
export const MY_APPLICATION_NOT_FOUND = 'This link is not valid, or it no longer works.';

/** The token of a private link, in the address; any text is taken, and a wrong one is simply not found. */
export const myApplicationParamsSchema = z.object({ token: z.string() });

/** GET /api/my-application/:token, and the answer to a withdrawal. */
export const myApplicationSchema = z.object({
  jobTitle: z.string(),
  appliedAt: z.string(),
  status: z.enum(myApplicationStatuses),
  /** Interview times have been offered (or one booked): the page then shows the interview section. */
  interviewOffered: z.boolean().optional(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

/** POST /api/my-application/:token/erase: what was erased, so the page can say it plainly. */
export const myApplicationErasedSchema = z.object({
  acknowledged: z.boolean(),
  jobTitle: z.string(),
  appliedAt: z.string(),
  cvDeleted: z.boolean(),
  notesDeleted: z.number().int(),
  auditEntriesDeleted: z.number().int(),
});
export type MyApplicationErased = z.infer<typeof myApplicationErasedSchema>;

/** POST /api/my-application/lost-link: the address the applicant applied with. */
export const lostLinkSchema = z.object({ email: emailSchema });
export type LostLinkRequest = z.input<typeof lostLinkSchema>;

/**
 * The one answer to a lost-link request, whatever was found: it must not tell anyone whether an
 * address applied.
 */
export const LOST_LINK_ANSWER =
  'If we hold applications for that address, we have e-mailed a link for each of them. It may take a few minutes to arrive; check your spam folder too.';

export const lostLinkAnswerSchema = z.object({ acknowledged: z.boolean(), message: z.string() });
export type LostLinkAnswer = z.infer<typeof lostLinkAnswerSchema>;
