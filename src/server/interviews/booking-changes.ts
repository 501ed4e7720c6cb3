import type { FastifyRequest } from 'fastify';
import { APPLICANT_ACTOR } from '../../shared/privacy/audit-contract';
import type { AuditRepository } from '../audit/audit-repository';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/database';
import type { EmailOutbox } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import type { LinkedApplicationDeps } from '../my-application/linked-application';
import type { ReachedApplication } from '../team/team-access';
import type { BookedInterview, InterviewRepository } from './interview-repository';

/*
 * What the applicant's and the staff's booking calls share: a module of its own, since route
 * modules never import each other.
 */

/** What the applicant's booking calls use of the server's parts (see app-context.ts). */
export interface BookingRouteDeps extends LinkedApplicationDeps {
  interviews: InterviewRepository;
  audit: AuditRepository;
  outbox: EmailOutbox;
  mail: MailOptions;
  changes: Pick<ChangeFeed, 'publish'>;
  config: { adjustmentsContactEmail: string | undefined };
}

/** The application of a team call, for the job's hiring manager only (403 for anyone else). */
export type ManagedApplication = (request: FastifyRequest, id: string) => Promise<ReachedApplication>;

export type Access = { gained: BookedInterview['interviewers']; lost: BookedInterview['interviewers'] };

/**
 * The audit entries of a booking change: the change itself, and the access it gave or ended; by
 * the applicant, or by the staff member who made it for them (`actorEmail`).
 */
export const recordBookingChange =
  (audit: AuditRepository) =>
  (tx: Db, interview: BookedInterview, detail: string, access: Access, actorEmail = APPLICANT_ACTOR) => {
    const about = {
      actorEmail,
      subjectEmail: interview.applicantEmail,
      applicationId: interview.applicationId,
    };
    return audit.recordIn(tx, [
      { action: 'interview', detail, ...about },
      ...access.gained.map((person) => ({ action: 'assign' as const, detail: person.email, ...about })),
      ...access.lost.map((person) => ({ action: 'unassign' as const, detail: person.email, ...about })),
    ]);
  };
