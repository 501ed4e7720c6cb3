import { z } from 'zod';

/** What an administrator or a member of the hiring team did with an applicant's data. */
export const auditActions = [
  'view',
  'list',
  'notes',
  'preview',
  'download',
  'delete',
  'export',
  'erase',
  'hold',
  'release',
  'stage',
  'reply',
  'assign',
  'unassign',
  'interview',
  'scorecard',
  'scorecards',
  'right-to-work',
  'right-to-work-evidence',
  'adjustments',
  'adjustment-agreed',
  'note',
  'talent-pool-joined',
  'talent-pool-renewed',
  'talent-pool-left',
  'talent-pool-purged',
  'talent-pool-tags',
  'talent-pool-invite',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  view: 'Viewed the application',
  list: "Saw the applicant in the job's list",
  notes: 'Read the notes',
  preview: 'Previewed the CV',
  download: 'Downloaded the CV',
  delete: 'Deleted the application',
  export: "Exported the applicant's data",
  erase: "Erased the applicant's data",
  hold: 'Placed a retention hold',
  release: 'Released the retention hold',
  stage: 'Changed the stage',
  reply: 'E-mailed the applicant',
  assign: 'Gave an interviewer access',
  unassign: "Ended an interviewer's access",
  interview: 'Interview',
  scorecard: 'Submitted a scorecard',
  scorecards: 'Read the scorecards',
  'right-to-work': 'Recorded the right-to-work check',
  'right-to-work-evidence': 'Opened the right-to-work evidence',
  adjustments: 'Read the adjustment request',
  'adjustment-agreed': 'Wrote the adjustment agreed for the interview',
  note: 'Added a note',
  'talent-pool-joined': 'Joined the talent pool',
  'talent-pool-renewed': 'Renewed their talent pool consent',
  'talent-pool-left': 'Left the talent pool (erased)',
  'talent-pool-purged': 'Talent pool consent ended (erased)',
  'talent-pool-tags': 'Tagged the talent pool member',
  'talent-pool-invite': 'Invited the talent pool member to apply',
};

/**
 * The actor of what an applicant did themselves through their private link (withdrawing,
 * erasing), where an admin's entries hold the admin's e-mail.
 */
export const APPLICANT_ACTOR = 'applicant';

/** One audit entry: who, what, when. Never any CV contents. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  applicationId: z.string().nullable(),
  action: z.enum(auditActions),
  /** What exactly, where the action alone does not say: "New → Reviewed", "Rejection". */
  detail: z.string().nullable(),
  actorEmail: z.string(),
  createdAt: z.string(),
});
export const auditListSchema = z.array(auditEntrySchema);

/** Why an admin fetched a CV: the list and detail screens say so, so the audit can tell them apart. */
export const cvPurposeSchema = z.object({ purpose: z.enum(['preview', 'download']).default('download') });

export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type CvPurpose = z.input<typeof cvPurposeSchema>['purpose'];
