import { isId } from '../../shared/http/id';
import { messages } from '../../shared/messages';
import type { UpdateAck } from '../../shared/http/acknowledgements';
import type { AuditRepository } from '../audit/audit-repository';
import type { ApplicationRepository } from '../applications/application-repository';
import { HttpError } from '../http/http-error';
import { INTERVIEWING_ROLES, type TeamRepository } from './team-repository';

/** What giving or ending an interviewer's access uses of the server's parts (see app-context.ts). */
export interface InterviewerAssignmentDeps {
  team: TeamRepository;
  applications: ApplicationRepository;
  audit: AuditRepository;
}

/**
 * Gives an interviewer one application, or ends it, for an administrator or the job's hiring
 * manager. Either is recorded in the application's audit trail, naming the interviewer: it
 * decides who may read the applicant's data.
 */
export function interviewerAssignment({ team, applications, audit }: InterviewerAssignmentDeps) {
  const interviewer = async (userId: string) => {
    const member = isId(userId) ? await team.member(userId) : undefined;
    if (!member) throw new HttpError(404, messages.teamMemberMissing);
    if (!INTERVIEWING_ROLES.includes(member.role)) throw new HttpError(400, messages.notInterviewer);
    return member;
  };
  const applicant = async (applicationId: string) => {
    const found = isId(applicationId) ? await applications.find(applicationId) : undefined;
    if (!found) throw new HttpError(404, messages.applicationMissing);
    return found;
  };

  return {
    async assign(applicationId: string, userId: string, actorEmail: string): Promise<UpdateAck> {
      const application = await applicant(applicationId);
      const member = await interviewer(userId);
      const added = await team.assignInterviewer(application._id, member.id, actorEmail);
      if (added) {
        audit.record({
          action: 'assign',
          detail: member.email,
          actorEmail,
          subjectEmail: application.email,
          applicationId: application._id,
        });
      }
      return { acknowledged: true, matchedCount: 1, modifiedCount: added ? 1 : 0 };
    },

    async unassign(applicationId: string, userId: string, actorEmail: string): Promise<UpdateAck> {
      const application = await applicant(applicationId);
      const member = await interviewer(userId);
      const removed = await team.unassignInterviewer(application._id, member.id);
      if (removed) {
        audit.record({
          action: 'unassign',
          detail: member.email,
          actorEmail,
          subjectEmail: application.email,
          applicationId: application._id,
        });
      }
      return { acknowledged: true, matchedCount: 1, modifiedCount: removed ? 1 : 0 };
    },
  };
}
