import { z } from 'zod';
import { applicationDetailSchema } from '../applications/application-contract';
import { noteSchema } from '../applications/note-contract';
import { sentReplySchema } from '../applications/reply-contract';
import { emailSchema } from '../contact-fields';
import { recommendations, scorecardRatingSchema } from '../interviews/interview-contract';
import { rightToWorkCheckSchema } from '../right-to-work/right-to-work-contract';
import { auditEntrySchema } from './audit-contract';
import { exportedPoolMemberSchema, type ExportedPoolMember } from '../talent-pool/talent-pool-contract';

/** PUT /applications/:id/hold: keep an application from (or give it back to) the retention purge. */
export const retentionHoldSchema = z.object({
  hold: z.boolean({ error: 'Say whether to hold the application (true or false).' }),
});

/** The applicant an access request or an erasure is about, by e-mail address. */
export const subjectParamsSchema = z.object({ email: emailSchema });

/** A file held about the applicant (a CV, right-to-work evidence), its bytes as base64. */
export const exportedFileSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  base64: z.string(),
});
export type ExportedFile = z.infer<typeof exportedFileSchema>;

/** One change of an application's stage: "New → Reviewed", by whom, when. */
export const exportedStageChangeSchema = z.object({
  applicationId: z.string(),
  change: z.string(),
  changedBy: z.string(),
  changedAt: z.string(),
});

const interviewTimeSchema = z.object({
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  place: z.string(),
});

/** An application's interview: the times offered to choose from, and the one booked. */
export const exportedInterviewSchema = z.object({
  applicationId: z.string(),
  offered: z.array(interviewTimeSchema.extend({ offeredAt: z.string() })),
  booking: interviewTimeSchema
    .extend({
      bookedAt: z.string(),
      /** When the day-before reminder went; null until it has. */
      remindedAt: z.string().nullable(),
      interviewers: z.array(z.object({ name: z.string() })),
    })
    .nullable(),
});
export type ExportedInterview = z.infer<typeof exportedInterviewSchema>;

/** An interviewer's scorecard: who, each requirement's rating and note, the recommendation. */
export const exportedScorecardSchema = z.object({
  applicationId: z.string(),
  interviewerName: z.string(),
  ratings: z.array(scorecardRatingSchema),
  recommendation: z.enum(recommendations),
  submittedAt: z.string(),
});
export type ExportedScorecard = z.infer<typeof exportedScorecardSchema>;

/** The right-to-work check as its card shows it, with the evidence file itself. */
export const exportedRightToWorkSchema = rightToWorkCheckSchema.extend({
  evidenceFile: exportedFileSchema.nullable(),
});
export type ExportedRightToWork = z.infer<typeof exportedRightToWorkSchema>;

/**
 * Where an adjustment's text comes from: asked on the apply form, asked when booking the
 * interview, or agreed by the adjustments contact for the interviewers (which the interview's
 * staff read, so every export carries it).
 */
export const adjustmentOrigins = ['application', 'interview-booking', 'agreed'] as const;
export type AdjustmentOrigin = (typeof adjustmentOrigins)[number];

/**
 * An adjustment asked for (health information, docs/security.md#adjustments): the applicant's
 * words only in an export the adjustments contact makes; in any other, `text` is null and
 * `withheld` says that one is held and who adds it.
 */
export const exportedAdjustmentSchema = z.object({
  applicationId: z.string(),
  askedWhen: z.enum(adjustmentOrigins),
  text: z.string().nullable(),
  withheld: z.string().nullable(),
});
export type ExportedAdjustment = z.infer<typeof exportedAdjustmentSchema>;

/** A job alert of the address (docs/behaviour.md#job-alerts): its search, how often and its state; never a link. */
export const exportedJobAlertSchema = z.object({
  query: z.string(),
  frequency: z.string(),
  status: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  lastClickAt: z.string().nullable(),
});
export type ExportedJobAlert = z.infer<typeof exportedJobAlertSchema>;

/** What a module adds to an access export beyond the applications (its `exportSubject`). */
export interface SubjectExportPart {
  jobAlerts?: ExportedJobAlert[];
  /** The address's talent pool membership, when it has one. */
  talentPool?: ExportedPoolMember | null;
}

/** What an export made by anyone but the adjustments contact says in place of an adjustment's text. */
export const adjustmentWithheldLine = (contactEmail: string | undefined): string =>
  contactEmail
    ? `An adjustment request is held for this application. Only the adjustments contact (${contactEmail}) reads it, and adds its text to an access request.`
    : 'An adjustment request is held for this application. Only the adjustments contact reads it, and none is named yet: the operator names one (ADJUSTMENTS_CONTACT_EMAIL) to add its text to an access request.';

/**
 * Everything held about one applicant, as one download (a subject access request), every item
 * tied to its application (docs/behaviour.md#access-export-and-erasure). The answers to the job's
 * questions are in each application.
 */
export const subjectExportSchema = z.object({
  subjectEmail: z.string(),
  exportedAt: z.string(),
  exportedBy: z.string(),
  applications: z.array(applicationDetailSchema.extend({ cv: exportedFileSchema.nullable() })),
  notes: z.array(noteSchema),
  /** The replies (rejection, interview invitation) e-mailed to the applicant. */
  replies: z.array(sentReplySchema),
  stageHistory: z.array(exportedStageChangeSchema),
  interviews: z.array(exportedInterviewSchema),
  scorecards: z.array(exportedScorecardSchema),
  rightToWork: z.array(exportedRightToWorkSchema),
  adjustments: z.array(exportedAdjustmentSchema),
  /** The job alerts kept for the address, which need no application. */
  jobAlerts: z.array(exportedJobAlertSchema),
  /** The talent pool membership, with its tags and CV; null when the address is not in the pool. */
  talentPool: exportedPoolMemberSchema.nullable(),
  /** Every entry about the address or its applications, this export's own included. */
  audit: z.array(auditEntrySchema),
});
export type SubjectExport = z.infer<typeof subjectExportSchema>;

/** DELETE /applicants/:email: what the erasure removed. */
export const erasureAckSchema = z.object({
  acknowledged: z.boolean(),
  deletedCount: z.number().int(),
  notesDeleted: z.number().int(),
  auditEntriesDeleted: z.number().int(),
});
export type ErasureAck = z.infer<typeof erasureAckSchema>;

/** The file name of an access-request export. */
export const subjectExportFileName = (email: string): string =>
  `applicant-data-${email.replace(/[^a-z0-9@._-]/gi, '_')}.json`;
