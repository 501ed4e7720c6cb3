import type { FastifyReply } from 'fastify';
import {
  bookingSchema,
  interviewMessages,
  myInterviewSchema,
  slotTakenSchema,
  type MyInterview,
} from '../../shared/interviews/interview-contract';
import { formatInterviewTime } from '../../shared/interviews/london-time';
import { myApplicationParamsSchema } from '../../shared/my-application/my-application-contract';
import type { Db } from '../db/database';
import { interviewAdjustmentNoticeEmail } from './interview-emails';
import { HttpError } from '../http/http-error';
import { consumeOrThrow } from '../http/rate-limit';
import { errorResponses, type Api } from '../domain-module/route-types';
import { linkedApplication } from '../my-application/linked-application';
import { hiringManagersOf } from '../team/team-repository';
import { recordBookingChange, type Access, type BookingRouteDeps } from './booking-changes';
import { applicantInterviewEmail, interviewerNews, managerNews } from './interview-mail';
import {
  BookingChanged,
  type BookingOutcome,
  type BookingSnapshot,
  type InterviewRepository,
} from './interview-repository';
import { apiPaths } from '../../shared/http/api-routes';

/** How often a change is tried again when another request changed the booking under it. */
const MAX_TRIES = 3;

/**
 * The booking limits of a private link (docs/security.md#interview-bookings): every action takes
 * one of the link's actions for the day, and a move or a cancellation one of the booked
 * interview's changes too; none left answers 429 in words with the careers address. They are
 * counted before the change, from the booking as the request found it, and given back when the
 * change then does nothing (a refusal, a time taken meanwhile); the repository refuses a change
 * whose booking is no longer the one counted (`BookingChanged`), and the request looks again.
 */
const bookingLimits = ({ limiters }: Pick<BookingRouteDeps, 'limiters'>) => {
  const none = async () => undefined;
  return async (
    applicationId: string,
    change: { action: 'book' | 'adjust' } | { action: 'move' | 'cancel'; bookingId: string } | undefined,
  ): Promise<() => Promise<void>> => {
    if (!change) return none;
    await consumeOrThrow(limiters.bookingActions, applicationId, interviewMessages.bookingActionsUsedUp);
    if (change.action !== 'move' && change.action !== 'cancel') {
      return async () => void (await limiters.bookingActions.reward(applicationId, 1));
    }
    const interviewKey = `${applicationId}:${change.bookingId}`;
    try {
      await consumeOrThrow(limiters.bookingChanges, interviewKey, interviewMessages.bookingChangesUsedUp);
    } catch (error) {
      await limiters.bookingActions.reward(applicationId, 1);
      throw error;
    }
    return async () => {
      await limiters.bookingActions.reward(applicationId, 1);
      await limiters.bookingChanges.reward(interviewKey, 1);
    };
  };
};

/** Runs a change against the booking as it stands, again when another request changed it meanwhile. */
const againWhileChanged = async <T>(change: () => Promise<T>): Promise<T> => {
  for (let tries = 1; ; tries++) {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof BookingChanged)) throw error;
      if (tries === MAX_TRIES) throw new HttpError(409, interviewMessages.bookingBusy);
    }
  }
};

/** What a PUT would do to the booking as it stands: the action it counts as, if any. */
const actionOf = (seen: BookingSnapshot, slotId: string, adjustments: string | null) => {
  if (!seen) return { action: 'book' as const };
  if (seen.slotId !== slotId) return { action: 'move' as const, bookingId: seen.bookingId };
  return adjustments === null ? undefined : { action: 'adjust' as const };
};

/** The booking as it stands now; refused in words once it can no longer be changed here. */
const openBooking = async (interviews: InterviewRepository, applicationId: string, now: Date) => {
  const state = await interviews.bookingState(applicationId, now);
  if (state.closed) throw new HttpError(409, state.closed);
  return state;
};

/**
 * Books, moves, or changes the adjustment asked for, within the link's limits, queueing in the same
 * transaction the applicant's e-mail, the interviewers' held ones, the audit entries and (for a new
 * request) the adjustments contact's notice.
 */
function bookingChanges(context: BookingRouteDeps) {
  const { interviews, outbox, mail } = context;
  const spend = bookingLimits(context);
  const record = recordBookingChange(context.audit);
  const contact = context.config.adjustmentsContactEmail;

  const onChange = async (tx: Db, change: BookingOutcome, access: Access) => {
    if (change.kind !== 'unchanged') {
      await outbox.enqueue(tx, [applicantInterviewEmail(change.kind, change.interview, mail, 'REQUEST')]);
      await outbox.enqueueHeld(tx, interviewerNews(change, mail));
      await outbox.enqueueHeld(
        tx,
        managerNews(change, await hiringManagersOf(tx, change.interview.applicationId), mail),
      );
      const what = change.kind === 'moved' ? 'Moved to' : 'Booked';
      await record(tx, change.interview, `${what} ${formatInterviewTime(change.interview.startsAt)}`, access);
    }
    if (change.adjustmentAsked && contact) {
      await outbox.enqueue(tx, [interviewAdjustmentNoticeEmail(change.interview, mail, contact)]);
    }
  };

  const book = (applicationId: string, slotId: string, adjustments: string | null) =>
    againWhileChanged(async () => {
      const now = new Date();
      const { booking: seen, stage } = await openBooking(interviews, applicationId, now);
      if (stage !== 'interview') throw new HttpError(400, interviewMessages.slotUnavailable);
      const refund = await spend(applicationId, actionOf(seen, slotId, adjustments));
      try {
        const done = await interviews.book({ applicationId, slotId, adjustments, seen, now, onChange });
        if (done.kind === 'unchanged' && !done.adjustmentAsked) await refund();
        return done;
      } catch (error) {
        await refund();
        throw error;
      }
    });

  const cancel = (applicationId: string) =>
    againWhileChanged(async () => {
      const now = new Date();
      const { booking: seen } = await openBooking(interviews, applicationId, now);
      if (!seen) throw new HttpError(404, interviewMessages.noBooking);
      const refund = await spend(applicationId, { action: 'cancel', bookingId: seen.bookingId });
      try {
        await interviews.cancel({
          applicationId,
          seen,
          now,
          onCancel: async (tx, cancelled, access) => {
            await outbox.enqueue(tx, [applicantInterviewEmail('cancelled', cancelled, mail, 'CANCEL')]);
            await outbox.enqueueHeld(tx, interviewerNews({ kind: 'cancelled', interview: cancelled }, mail));
            await outbox.enqueueHeld(
              tx,
              managerNews(
                { kind: 'cancelled', interview: cancelled },
                await hiringManagersOf(tx, applicationId),
                mail,
              ),
            );
            await record(tx, cancelled, `Cancelled ${formatInterviewTime(cancelled.startsAt)}`, access);
          },
        });
      } catch (error) {
        await refund();
        throw error;
      }
    });

  return { book, cancel };
}

/** The applicant's booking through their private link (docs/behaviour.md#interviews). */
export function applicantInterviewRoutes(app: Api, context: BookingRouteDeps): void {
  const { interviews, outbox, changes } = context;
  const linked = linkedApplication(context);
  const change = bookingChanges(context);

  const view = (applicationId: string): Promise<MyInterview> =>
    interviews.applicantView(applicationId, new Date());

  /** A 409 carries the times still free to book (none once the booking is closed). */
  const refusal = async (reply: FastifyReply, error: unknown, applicationId: string) => {
    if (error instanceof HttpError && error.statusCode === 409) {
      const now = new Date();
      const { closed } = await interviews.bookingState(applicationId, now);
      return reply
        .code(409)
        .send({ message: error.message, slots: closed ? [] : await interviews.bookable(applicationId, now) });
    }
    throw error;
  };

  app.get(
    apiPaths.myInterview.pattern,
    {
      schema: {
        tags: ['my-application', 'interviews'],
        operationId: 'getMyInterview',
        summary: 'The interview times the applicant may book, and the one they booked',
        params: myApplicationParamsSchema,
        response: { 200: myInterviewSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const application = await linked(request, reply, { withdrawn: false });
      return application ? view(application.id) : reply;
    },
  );

  app.put(
    apiPaths.myInterview.pattern,
    {
      schema: {
        tags: ['my-application', 'interviews'],
        operationId: 'bookMyInterview',
        summary: 'Book an interview time, move to another, or update the adjustment asked for',
        description:
          'A time someone else has just booked answers 409 with the times still free; so does a change less than 24 hours before the interview, and any change once the job has closed or the application was rejected, withdrawn or hired. Each link may take 10 booking actions a day, and 3 moves or cancellations of one booked interview (429 beyond).',
        params: myApplicationParamsSchema,
        body: bookingSchema,
        response: { 200: myInterviewSchema, 409: slotTakenSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const application = await linked(request, reply, { withdrawn: true });
      if (!application) return reply;
      try {
        const outcome = await change.book(application.id, request.body.slotId, request.body.adjustments);
        if (outcome.kind !== 'unchanged') changes.publish('applications');
        if (outcome.kind !== 'unchanged' || outcome.adjustmentAsked) outbox.wake();
      } catch (error) {
        return refusal(reply, error, application.id);
      }
      return view(application.id);
    },
  );

  app.delete(
    apiPaths.myInterview.pattern,
    {
      schema: {
        tags: ['my-application', 'interviews'],
        operationId: 'cancelMyInterview',
        summary: 'Cancel the booked interview (until 24 hours before)',
        description:
          'Refused with 409 once the job has closed or the application was rejected, withdrawn or hired; counted against the booking limits as a move is (429 beyond).',
        params: myApplicationParamsSchema,
        response: { 200: myInterviewSchema, 409: slotTakenSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const application = await linked(request, reply, { withdrawn: true });
      if (!application) return reply;
      try {
        await change.cancel(application.id);
      } catch (error) {
        return refusal(reply, error, application.id);
      }
      changes.publish('applications');
      outbox.wake();
      return view(application.id);
    },
  );
}
