import { z } from 'zod';
import { storedAnswerSchema } from '../questions/question-contract';
import { emailSchema, nameSchema } from '../contact-fields';
import {
  applicationStages,
  rejectionFields,
  requireReasonForRejection,
  stageSchema,
  type ApplicationStage,
} from '../applications/stage-contract';

/**
 * The hiring team: people who are not administrators and reach only what is assigned to them
 * (docs/security.md#the-hiring-team).
 * - A hiring manager: the applications of the jobs they are assigned to, with CVs and notes.
 * - An interviewer: the applications they are to interview, with CVs.
 */
export const teamRoles = ['hiring-manager', 'interviewer'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** Who may be given an application to interview: an interviewer, and a hiring manager too. */
export const interviewingRoles: readonly TeamRole[] = ['interviewer', 'hiring-manager'];

export const teamRoleLabels: Record<TeamRole, string> = {
  'hiring-manager': 'Hiring manager',
  interviewer: 'Interviewer',
};

/** What an account may do, as the server decides it on each call. */
export const accountRoles = ['admin', ...teamRoles, 'user'] as const;
export type AccountRole = (typeof accountRoles)[number];

export const teamRoleSchema = z.enum(teamRoles, {
  error: `Choose a role: ${teamRoles.join(' or ')}.`,
});

/** POST /api/team-members: who to invite, and as what. */
export const teamInviteSchema = z.object({ name: nameSchema, email: emailSchema, role: teamRoleSchema });

/** The answer to an invitation: the account, and whether its e-mail went (else invite again). */
export const teamInvitedSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: z.string(),
  emailed: z.boolean(),
});

/** PUT /api/team-members/:id/jobs/:jobId: whether the hiring manager may hire or reject on their own. */
export const jobAssignmentSchema = z.object({
  mayDecide: z.boolean({ error: 'Say whether they may hire or reject (true or false).' }).default(false),
});

/** A team member and a job of theirs, in an address. */
export const memberJobParamsSchema = z.object({ id: z.string(), jobId: z.string() });
/** An application and one of its interviewers, in an address. */
export const interviewerParamsSchema = z.object({ id: z.string(), userId: z.string() });

export const teamMemberJobSchema = z.object({
  jobId: z.string(),
  jobTitle: z.string(),
  closed: z.boolean(),
  mayDecide: z.boolean(),
});

/**
 * Where a member's invitation stands: sent and its link still working (`invited`), its link's
 * lifetime passed unused (`expired`), or used to choose a password (`accepted`), after which they
 * sign in. Invited and expired invitations can be sent again.
 */
export const invitationStatuses = ['invited', 'accepted', 'expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** An application a member is to interview, as the administrators' Team screen lists it. */
export const teamMemberInterviewSchema = z.object({
  applicationId: z.string(),
  applicantName: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  stage: stageSchema,
});

export const teamMemberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: teamRoleSchema,
  /** When the latest invitation was sent. */
  invitedAt: z.string(),
  invitation: z.enum(invitationStatuses),
  /** Until when the latest invitation's link works. */
  invitationExpiresAt: z.string(),
  /** When they chose their first password (null until then). */
  acceptedAt: z.string().nullable(),
  /** Their jobs, for a hiring manager (an interviewer's access is per application). */
  jobs: z.array(teamMemberJobSchema),
  /** How many applications they are assigned to interview (open jobs only). */
  interviewCount: z.number().int(),
  /** Those applications (open jobs only), by job and applicant. */
  interviews: z.array(teamMemberInterviewSchema),
  /** Whether an administrator may give them applications to interview. */
  mayInterview: z.boolean(),
});
export const teamMemberListSchema = z.array(teamMemberSchema);

/** How many of the applications a team member sees stand in each stage. */
export const teamStageCountsSchema = z.object(
  Object.fromEntries(applicationStages.map((stage) => [stage, z.number().int()])) as Record<
    ApplicationStage,
    z.ZodNumber
  >,
);

/** GET /api/team/jobs: the jobs a team member reaches, with how many applications each holds for them. */
export const teamJobSchema = z.object({
  _id: z.string(),
  jobTitle: z.string(),
  /** Where the work is and what it pays, in the public job page's words: "Remote (UK)", "£32,000 – £38,000 a year". */
  location: z.string(),
  pay: z.string(),
  closingDate: z.string().nullable(),
  /** A hiring manager allowed to move this job's applications to Hired or Rejected. */
  mayDecide: z.boolean(),
  /** The caller is the job's hiring manager; false where a hiring manager only interviews for it. */
  managed: z.boolean(),
  applicationCount: z.number().int(),
  /** The applications the caller sees, by stage: the job's pipeline. */
  byStage: teamStageCountsSchema,
  /** Of those, the interviews booked and still to come, and when the latest booking was made. */
  interviewsBooked: z.number().int(),
  lastBookedAt: z.string().nullable(),
});
export const teamJobListSchema = z.array(teamJobSchema);

/** A row of a team member's list: enough to pick an application, nothing more. */
export const teamApplicationSummarySchema = z.object({
  _id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  name: z.string(),
  stage: stageSchema,
  stageChangedAt: z.string(),
  createdAt: z.string(),
  hasResume: z.boolean(),
  /** When its booked interview starts; absent while none is booked. */
  interviewStartsAt: z.string().optional(),
  /** For the job's hiring manager: times are offered to it, still ahead, and none is booked yet. */
  interviewOffered: z.boolean().optional(),
  /** For the job's hiring manager: its interviewers' scorecards in, of all its interviewers'. */
  scorecards: z.object({ submitted: z.number().int(), expected: z.number().int() }).optional(),
});
export const teamApplicationListSchema = z.array(teamApplicationSummarySchema);

/**
 * GET /api/team/interviews: an interviewer's applications across their open jobs, each with when
 * they submitted their scorecard (null while it is still to come), for "To interview" and "Scored".
 */
export const teamInterviewRowSchema = teamApplicationSummarySchema.extend({
  scoredAt: z.string().nullable(),
});
export const teamInterviewListSchema = z.array(teamInterviewRowSchema);

export const teamInterviewerSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
/** GET /api/team/interviewers: the team's interviewers, for a hiring manager's offer of times. */
export const teamInterviewerListSchema = z.array(teamInterviewerSchema);

/**
 * An application's booked interview as its team sees it: when, how long, where (a place or a video
 * link) and who else interviews (names only; the caller is left out).
 */
export const teamApplicationInterviewSchema = z.object({
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  place: z.string(),
  otherInterviewers: z.array(z.string()),
});

/** GET /api/team/applications/:id: one application as a team member may see it. */
export const teamApplicationDetailSchema = teamApplicationSummarySchema.extend({
  email: z.string(),
  phone: z.string(),
  about: z.string(),
  fileSize: z.number().int(),
  /** The stages this caller may move it to (none for an interviewer). */
  movableTo: z.array(stageSchema),
  /** Who interviews it; shown to its hiring manager only (an interviewer gets an empty list). */
  interviewers: z.array(teamInterviewerSchema),
  /**
   * A Disability Confident opt-in, shown without its reason (docs/behaviour.md#adjustments), to
   * the job's hiring manager, who shortlists; absent for an interviewer, who does not.
   */
  interviewIfMinimumCriteriaMet: z.boolean().optional(),
  /**
   * The adjustment the adjustments contact agreed for the interview, in the contact's words; never
   * what the applicant asked for (docs/security.md#adjustments).
   */
  agreedAdjustment: z.string().nullable(),
  /** Its booked interview; null while none is booked. */
  interview: teamApplicationInterviewSchema.nullable(),
  /**
   * The answers to the job's questions, as on the administrators' page: they are what the role
   * asked for. Adjustments and equality monitoring are never among them (docs/behaviour.md#questions-per-job).
   */
  answers: z.array(storedAnswerSchema),
});

/** PUT /api/team/applications/:id/stage: a move by the job's hiring manager; replies stay with administrators. */
export const teamStageChangeSchema = z
  .object({ stage: stageSchema, ...rejectionFields })
  .superRefine(requireReasonForRejection);

/** GET /api/post/:id/viewers: who has seen this job's applicants, for its administrators. */
export const jobViewerSchema = z.object({
  actorEmail: z.string(),
  /** Their name and role now; null once the account is gone. */
  name: z.string().nullable(),
  role: z.enum(accountRoles).nullable(),
  /** Distinct applicants whose data they read, and how many reads in all. */
  applicants: z.number().int(),
  reads: z.number().int(),
  lastAt: z.string(),
});
export const jobViewerListSchema = z.array(jobViewerSchema);

/** Stages a hiring manager never moves to without an administrator's leave for the job. */
export const decisionStages: readonly ApplicationStage[] = ['hired', 'rejected'];

/**
 * Where a hiring manager may move an application: any stage the team works in, and Hired or
 * Rejected only with leave; never Withdrawn (the applicant's own act).
 */
export const teamMovableStages = (mayDecide: boolean): ApplicationStage[] =>
  applicationStages.filter(
    (stage) => stage !== 'withdrawn' && (mayDecide || !decisionStages.includes(stage)),
  );

export type TeamInvite = z.input<typeof teamInviteSchema>;
export type TeamInvited = z.infer<typeof teamInvitedSchema>;
export type TeamInterviewer = z.infer<typeof teamInterviewerSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type TeamMemberInterview = z.infer<typeof teamMemberInterviewSchema>;
export type TeamJob = z.infer<typeof teamJobSchema>;
export type TeamApplicationSummary = z.infer<typeof teamApplicationSummarySchema>;
export type TeamApplicationDetail = z.infer<typeof teamApplicationDetailSchema>;
export type TeamApplicationInterview = z.infer<typeof teamApplicationInterviewSchema>;
export type TeamInterviewRow = z.infer<typeof teamInterviewRowSchema>;
export type JobViewer = z.infer<typeof jobViewerSchema>;
