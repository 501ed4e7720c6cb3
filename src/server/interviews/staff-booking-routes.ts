import { idParamsSchema } from '../../shared/http/id';
import {
  interviewMessages,
  interviewMoveSchema,
  staffInterviewSchema,
  type NewSlot,
  type StaffInterview,
} from '../../shared/interviews/interview-contract';
import { formatInterviewTime, fromLondonTime } from '../../shared/interviews/london-time';
import { messages } from '../../shared/messages';
import type { ApplicationRepository } from '../applications/application-repository';
import { currentUser } from '../auth/guards';
import { HttpError } from '../http/http-error';
import { errorResponses, type Api } from '../domain-module/route-types';
import { recordBookingChange, type BookingRouteDeps, type ManagedApplication } from './booking-changes';
import { applicantInterviewEmail, interviewerNews } from './interview-mail';
import type { SlotToOffer } from './interview-repository';
import { apiPaths } from '../../shared/http/api-routes';

/** What the staff's booking calls use of the server's parts (see app-context.ts). */
export interface StaffBookingRouteDeps extends Pick<
  BookingRouteDeps,
  'interviews' | 'audit' | 'outbox' | 'mail' | 'changes'
> {
  applications: ApplicationRepository;
}

const MOVE_DESCRIPTION =
  "To one of the job's free times still to come (`slotId`), or to a new time made for it (`slot`). The applicant and the interviewers are e-mailed the updated invitation (the same event, SEQUENCE raised); the applicant is told the team moved it. Not held to the applicant's 24 hours' notice or daily limits; 409 once the interview has started, the job has closed or the application was rejected, withdrawn or hired, and for a time another applicant has just booked.";
const CANCEL_DESCRIPTION =
  'The time is free again. The applicant and the interviewers are e-mailed the cancellation (METHOD:CANCEL); the applicant is told the team cancelled it. 409 as for a move; 404 when nothing is booked.';

/** A new time as staff typed it, in UTC: one that exists in the UK and is still to come. */
const newTime = (slot: NewSlot, now: Date): SlotToOffer => {
  const startsAt = fromLondonTime(slot.date, slot.time);
  if (!startsAt) throw new HttpError(400, interviewMessages.timeMissingInLondon);
  if (startsAt <= now) throw new HttpError(400, interviewMessages.moveTimePassed);
  return {
    startsAt,
    durationMinutes: slot.durationMinutes,
    place: slot.place,
    interviewerIds: slot.interviewerIds,
  };
};

/**
 * Moving and cancelling a booked interview on the applicant's behalf (docs/behaviour.md#interviews):
 * the same invitations as the applicant's own changes (the applicant's at once, the interviewers'
 * held and coalesced), the applicant told in words that the team made the change, and the change
 * and the access it gave or ended in the audit trail under the staff member's address.
 */
function staffBookingChanges(context: StaffBookingRouteDeps) {
  const { interviews, outbox, mail, changes } = context;
  const record = recordBookingChange(context.audit);

  const move = async (
    applicationId: string,
    jobId: string,
    body: { slotId?: string | undefined; slot?: NewSlot | undefined },
    actorEmail: string,
  ) => {
    const now = new Date();
    const slot = body.slot && newTime(body.slot, now);
    if (slot) await interviews.checkInterviewers(slot.interviewerIds);
    const outcome = await interviews.staffMove({
      applicationId,
      jobId,
      ...(body.slotId === undefined ? {} : { slotId: body.slotId }),
      ...(slot ? { slot } : {}),
      by: actorEmail,
      now,
      onMove: async (tx, moved, access) => {
        await outbox.enqueue(tx, [
          applicantInterviewEmail('moved', moved.interview, mail, 'REQUEST', 'team'),
        ]);
        await outbox.enqueueHeld(tx, interviewerNews(moved, mail));
        const detail = `Moved to ${formatInterviewTime(moved.interview.startsAt)}`;
        await record(tx, moved.interview, detail, access, actorEmail);
      },
    });
    if (outcome.kind === 'unchanged') return;
    changes.publish('applications');
    outbox.wake();
  };

  const cancel = async (applicationId: string, actorEmail: string) => {
    await interviews.staffCancel({
      applicationId,
      now: new Date(),
      onCancel: async (tx, cancelled, access) => {
        await outbox.enqueue(tx, [applicantInterviewEmail('cancelled', cancelled, mail, 'CANCEL', 'team')]);
        await outbox.enqueueHeld(tx, interviewerNews({ kind: 'cancelled', interview: cancelled }, mail));
        const detail = `Cancelled ${formatInterviewTime(cancelled.startsAt)}`;
        await record(tx, cancelled, detail, access, actorEmail);
      },
    });
    changes.publish('applications');
    outbox.wake();
  };

  return { move, cancel };
}

/**
 * The booked interview moved or cancelled by staff for the applicant: administrators on any
 * application, the job's hiring manager on their job's while it is open; an interviewer never.
 */
export function staffBookingRoutes(context: StaffBookingRouteDeps) {
  const change = staffBookingChanges(context);
  const view = (applicationId: string, jobId: string): Promise<StaffInterview> =>
    context.interviews.staffView(applicationId, jobId, new Date());
  /** The application an administrator names, with its job (a deleted job has closed). */
  const found = async (id: string) => {
    const application = await context.applications.find(id);
    if (!application) throw new HttpError(404, messages.applicationMissing);
    if (!application.jobId) throw new HttpError(409, interviewMessages.staffJobClosed);
    return { id: application._id, jobId: application.jobId };
  };

  return {
    admin(app: Api) {
      app.put(
        apiPaths.interviewBooking.pattern,
        {
          schema: {
            tags: ['interviews'],
            operationId: 'moveInterview',
            summary: "Move an application's booked interview for the applicant",
            description: MOVE_DESCRIPTION,
            params: idParamsSchema,
            body: interviewMoveSchema,
            response: { 200: staffInterviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          const application = await found(request.params.id);
          await change.move(application.id, application.jobId, request.body, currentUser(request).email);
          return view(application.id, application.jobId);
        },
      );

      app.delete(
        apiPaths.interviewBooking.pattern,
        {
          schema: {
            tags: ['interviews'],
            operationId: 'cancelInterview',
            summary: "Cancel an application's booked interview for the applicant",
            description: CANCEL_DESCRIPTION,
            params: idParamsSchema,
            response: { 200: staffInterviewSchema, ...errorResponses(401, 403, 404, 409) },
          },
        },
        async (request) => {
          const application = await found(request.params.id);
          await change.cancel(application.id, currentUser(request).email);
          return view(application.id, application.jobId);
        },
      );
    },

    team(app: Api, managed: ManagedApplication) {
      app.put(
        apiPaths.teamInterviewBooking.pattern,
        {
          schema: {
            tags: ['team', 'interviews'],
            operationId: 'moveTeamInterview',
            summary:
              'Move the booked interview of an application of your job for the applicant (hiring managers)',
            description: MOVE_DESCRIPTION,
            params: idParamsSchema,
            body: interviewMoveSchema,
            response: { 200: staffInterviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          const access = await managed(request, request.params.id);
          await change.move(access.id, access.jobId, request.body, currentUser(request).email);
          return view(access.id, access.jobId);
        },
      );

      app.delete(
        apiPaths.teamInterviewBooking.pattern,
        {
          schema: {
            tags: ['team', 'interviews'],
            operationId: 'cancelTeamInterview',
            summary:
              'Cancel the booked interview of an application of your job for the applicant (hiring managers)',
            description: CANCEL_DESCRIPTION,
            params: idParamsSchema,
            response: { 200: staffInterviewSchema, ...errorResponses(401, 403, 404, 409) },
          },
        },
        async (request) => {
          const access = await managed(request, request.params.id);
          await change.cancel(access.id, currentUser(request).email);
          return view(access.id, access.jobId);
        },
      );
    },
  };
}
