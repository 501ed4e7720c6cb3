import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  applicationAdjustments,
  applicationInterviewers,
  applications,
  interviewBookings,
  interviewOffers,
  interviewSlotInterviewers,
  interviewSlots,
  jobs,
  users,
} from '../db/schema';
import type { ApplicationStage } from '../../shared/applications/stage-contract';
import { isId } from '../../shared/http/id';
import { isClosed } from '../../shared/jobs/closing-date';
import {
  INTERVIEW_CHANGE_NOTICE_HOURS,
  INTERVIEW_REMINDER_HOURS,
  interviewMessages,
  type ApplicantSlot,
  type MyInterview,
  type StaffInterview,
} from '../../shared/interviews/interview-contract';
import type { ExportedInterview } from '../../shared/privacy/privacy-contract';
import { HttpError } from '../http/http-error';
import { recordEvent } from '../events/record-event';
import { INTERVIEWING_ROLES } from '../team/team-repository';

const HOUR_MS = 3_600_000;

/** The earliest start an applicant may still book, move or cancel at `now`. */
export const changeableAfter = (now: Date): Date =>
  new Date(now.getTime() + INTERVIEW_CHANGE_NOTICE_HOURS * HOUR_MS);

/** Who an interview is with and about: what its e-mails and invitations are written from. */
export interface BookedInterview {
  bookingId: string;
  sequence: number;
  slotId: string;
  applicationId: string;
  applicantName: string;
  applicantEmail: string;
  jobTitle: string;
  startsAt: Date;
  durationMinutes: number;
  place: string;
  /** What the adjustments contact agreed for the interviewers; never what the applicant asked. */
  agreedAdjustment: string | null;
  interviewers: { id: string; name: string; email: string }[];
}

/** A new slot, its time already turned into UTC. */
export interface SlotToOffer {
  startsAt: Date;
  durationMinutes: number;
  place: string;
  interviewerIds: string[];
}

/**
 * What a booking did, for the e-mails and the audit trail; `adjustmentAsked` when it also stored a
 * new adjustment request for the adjustments contact.
 */
export type BookingOutcome = { adjustmentAsked: boolean } & (
  | { kind: 'booked'; interview: BookedInterview }
  | { kind: 'moved'; interview: BookedInterview; before: BookedInterview }
  | { kind: 'unchanged'; interview: BookedInterview }
);

/** An application's booking as a caller saw it before asking for a change: which one, and where. */
export type BookingSnapshot = { bookingId: string; slotId: string } | null;

/**
 * The booking was changed by another request between the caller's look and its change: what the
 * caller counted (a booking, or a move of that booking) is not what it would do. Nothing changed;
 * look again.
 */
export class BookingChanged extends Error {}

/** Who changes a booking: the applicant through their private link, or staff on their behalf. */
export type BookingActor = 'applicant' | 'staff';

/** The reasons a booking can no longer change, worded for the applicant or for staff. */
const closedWording = {
  applicant: {
    withdrawn: interviewMessages.applicationWithdrawn,
    rejected: interviewMessages.applicationRejected,
    hired: interviewMessages.applicationDecided,
    jobClosed: interviewMessages.jobClosed,
  },
  staff: {
    withdrawn: interviewMessages.staffApplicationWithdrawn,
    rejected: interviewMessages.staffApplicationRejected,
    hired: interviewMessages.staffApplicationDecided,
    jobClosed: interviewMessages.staffJobClosed,
  },
} as const;

/**
 * Why an application's interview can no longer be booked, moved or cancelled, or undefined while
 * it can: its job has closed (the day after its closing date in London, as the team's access
 * ends) or gone, or it was rejected, withdrawn or hired. Worded for whoever asks (`actor`).
 */
export function bookingClosedReason(
  state: { stage: ApplicationStage; jobId: string | null; closingDate: string | null },
  now: Date,
  actor: BookingActor = 'applicant',
): string | undefined {
  const wording = closedWording[actor];
  if (state.stage === 'withdrawn') return wording.withdrawn;
  if (state.stage === 'rejected') return wording.rejected;
  if (state.stage === 'hired') return wording.hired;
  if (!state.jobId || isClosed(state.closingDate, now)) return wording.jobClosed;
  return undefined;
}

/** Who assigns an interviewer when the applicant's booking does (application_interviewers). */
export const BOOKING_ASSIGNER = 'interview booking';

/** A unique index said no: here, always the slot someone else has just booked. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

class SlotTaken extends Error {}

/**
 * Interview slots, offers and bookings (docs/behaviour.md#interviews). A slot is booked at most
 * once: the booking's slot is unique in the database, so of two applicants pressing at the same
 * moment one booking commits and the other is refused (`slotTaken`), whichever instance serves
 * them. A booking gives the slot's interviewers the application; a move or a cancellation ends
 * the access it gave to those no longer interviewing.
 */
export function createInterviewRepository(db: Db) {
  const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(tx as unknown as Db));

  const interviewersOf = async (tx: Db, slotIds: string[]) =>
    slotIds.length === 0
      ? []
      : tx
          .select({
            slotId: interviewSlotInterviewers.slotId,
            id: users.id,
            name: users.name,
            email: users.email,
          })
          .from(interviewSlotInterviewers)
          .innerJoin(users, eq(users.id, interviewSlotInterviewers.userId))
          .where(inArray(interviewSlotInterviewers.slotId, slotIds))
          .orderBy(asc(users.name));

  /** The booking of an application with everything its e-mails need; locked with `forUpdate`. */
  const bookingOf = async (tx: Db, applicationId: string, forUpdate = false) => {
    const query = tx
      .select({
        bookingId: interviewBookings.id,
        sequence: interviewBookings.sequence,
        slotId: interviewSlots.id,
        applicationId: applications.id,
        applicantName: applications.name,
        applicantEmail: applications.email,
        jobTitle: applications.jobTitle,
        startsAt: interviewSlots.startsAt,
        durationMinutes: interviewSlots.durationMinutes,
        place: interviewSlots.place,
        agreedAdjustment: applicationAdjustments.agreed,
      })
      .from(interviewBookings)
      .innerJoin(interviewSlots, eq(interviewSlots.id, interviewBookings.slotId))
      .innerJoin(applications, eq(applications.id, interviewBookings.applicationId))
      .leftJoin(applicationAdjustments, eq(applicationAdjustments.applicationId, applications.id))
      .where(eq(interviewBookings.applicationId, applicationId));
    const [row] = forUpdate ? await query.for('update', { of: interviewBookings }) : await query;
    if (!row) return undefined;
    const interviewers = (await interviewersOf(tx, [row.slotId])).map(({ id, name, email }) => ({
      id,
      name,
      email,
    }));
    return { ...row, interviewers } satisfies BookedInterview;
  };

  /**
   * The application's stage and its job's closing date, the application's row locked with
   * `forUpdate` (one booking change per application at a time, and none beside a stage change).
   */
  const stateOf = async (tx: Db, applicationId: string, forUpdate = false) => {
    const query = tx
      .select({ stage: applications.stage, jobId: applications.jobId, closingDate: jobs.closingDate })
      .from(applications)
      .leftJoin(jobs, eq(jobs.id, applications.jobId))
      .where(eq(applications.id, applicationId));
    const [row] = forUpdate ? await query.for('update', { of: applications }) : await query;
    return row;
  };

  /** The state of the application before a change: refused with 409 in words once closed. */
  const lockOpen = async (tx: Db, applicationId: string, now: Date, actor: BookingActor = 'applicant') => {
    const state = await stateOf(tx, applicationId, true);
    if (!state) throw new HttpError(404, interviewMessages.noBooking);
    const closed = bookingClosedReason(state, now, actor);
    if (closed) throw new HttpError(409, closed);
    return state;
  };

  const sameBooking = (booking: BookedInterview | undefined, seen: BookingSnapshot) =>
    (booking?.bookingId ?? null) === (seen?.bookingId ?? null) &&
    (booking?.slotId ?? null) === (seen?.slotId ?? null);

  /**
   * Stores what the applicant asked for when booking beside their application's other requests,
   * where only the adjustments contact reads it (docs/security.md#adjustments). Answers whether it
   * is new (so the contact is told).
   */
  const storeInterviewAdjustments = async (tx: Db, applicationId: string, text: string | null) => {
    if (text === null) return false;
    const [stored] = await tx
      .select({ text: applicationAdjustments.interviewAdjustments })
      .from(applicationAdjustments)
      .where(eq(applicationAdjustments.applicationId, applicationId));
    if (stored?.text === text) return false;
    await tx
      .insert(applicationAdjustments)
      .values({ applicationId, interviewAdjustments: text })
      .onConflictDoUpdate({
        target: applicationAdjustments.applicationId,
        set: { interviewAdjustments: text },
      });
    return true;
  };

  /** The applicant's own words when booking, which their page shows back to them. */
  const askedOf = async (tx: Db, applicationId: string) => {
    const [row] = await tx
      .select({ text: applicationAdjustments.interviewAdjustments })
      .from(applicationAdjustments)
      .where(eq(applicationAdjustments.applicationId, applicationId));
    return row?.text ?? null;
  };

  /** Free slots offered to the application that start late enough to book. */
  const bookableSlots = async (tx: Db, applicationId: string, now: Date): Promise<ApplicantSlot[]> => {
    const rows = await tx
      .select({
        id: interviewSlots.id,
        startsAt: interviewSlots.startsAt,
        durationMinutes: interviewSlots.durationMinutes,
        place: interviewSlots.place,
      })
      .from(interviewOffers)
      .innerJoin(interviewSlots, eq(interviewSlots.id, interviewOffers.slotId))
      .leftJoin(interviewBookings, eq(interviewBookings.slotId, interviewSlots.id))
      .where(
        and(
          eq(interviewOffers.applicationId, applicationId),
          isNull(interviewBookings.id),
          gt(interviewSlots.startsAt, changeableAfter(now)),
        ),
      )
      .orderBy(asc(interviewSlots.startsAt));
    return rows.map((row) => ({
      _id: row.id,
      startsAt: row.startsAt.toISOString(),
      durationMinutes: row.durationMinutes,
      place: row.place,
    }));
  };

  /**
   * Gives the interviewers of the booked slot the application, and ends the access the booking
   * gave to those of the slot before who do not interview in the new one. Answers who gained and
   * who lost access, for the audit trail.
   */
  const reassign = async (
    tx: Db,
    applicationId: string,
    now: BookedInterview['interviewers'],
    before: BookedInterview['interviewers'],
  ) => {
    const gained: typeof now = [];
    for (const person of now) {
      const added = await tx
        .insert(applicationInterviewers)
        .values({ applicationId, userId: person.id, assignedBy: BOOKING_ASSIGNER })
        .onConflictDoNothing()
        .returning({ userId: applicationInterviewers.userId });
      if (added.length > 0) gained.push(person);
    }
    const leaving = before.filter((person) => !now.some((other) => other.id === person.id));
    const lost =
      leaving.length === 0
        ? []
        : await tx
            .delete(applicationInterviewers)
            .where(
              and(
                eq(applicationInterviewers.applicationId, applicationId),
                eq(applicationInterviewers.assignedBy, BOOKING_ASSIGNER),
                inArray(
                  applicationInterviewers.userId,
                  leaving.map((person) => person.id),
                ),
              ),
            )
            .returning({ userId: applicationInterviewers.userId });
    return { gained, lost: leaving.filter((person) => lost.some((row) => row.userId === person.id)) };
  };

  /**
   * Moves a booking to another slot, with a new SEQUENCE for the calendars and the reminder due
   * again. Conditional on the slot being free now; the unique index settles a race with another
   * transaction that has not committed yet (`SlotTaken` either way, for the caller to word).
   */
  const moveBooking = async (tx: Db, bookingId: string, slotId: string) => {
    const moved = await tx
      .update(interviewBookings)
      .set({ slotId, sequence: sql`${interviewBookings.sequence} + 1`, remindedAt: null })
      .where(
        and(
          eq(interviewBookings.id, bookingId),
          sql`not exists (select 1 from ${interviewBookings} taken where taken.slot_id = ${slotId})`,
        ),
      )
      .returning({ id: interviewBookings.id });
    if (moved.length === 0) throw new SlotTaken();
  };

  /**
   * The slot a staff move goes to: one of the job's free times still to come (offered to this
   * application from now on, so its page and export show it as offered), or a new time made for
   * the job and offered to it.
   */
  const staffTarget = async (
    tx: Db,
    input: {
      applicationId: string;
      jobId: string;
      slotId?: string;
      slot?: SlotToOffer;
      by: string;
      now: Date;
    },
  ): Promise<string> => {
    let slotId = input.slotId;
    if (input.slot) {
      const [created] = await tx
        .insert(interviewSlots)
        .values({
          jobId: input.jobId,
          startsAt: input.slot.startsAt,
          durationMinutes: input.slot.durationMinutes,
          place: input.slot.place,
          offeredBy: input.by,
        })
        .returning({ id: interviewSlots.id });
      slotId = created!.id;
      await tx
        .insert(interviewSlotInterviewers)
        .values([...new Set(input.slot.interviewerIds)].map((userId) => ({ slotId: slotId!, userId })));
    } else {
      const [found] =
        slotId && isId(slotId)
          ? await tx
              .select({ id: interviewSlots.id })
              .from(interviewSlots)
              .where(
                and(
                  eq(interviewSlots.id, slotId),
                  eq(interviewSlots.jobId, input.jobId),
                  gt(interviewSlots.startsAt, input.now),
                ),
              )
          : [];
      if (!found) throw new HttpError(400, interviewMessages.slotNotOfJob);
    }
    await tx
      .insert(interviewOffers)
      .values({ applicationId: input.applicationId, slotId: slotId! })
      .onConflictDoNothing();
    return slotId!;
  };

  /**
   * Moves a booking to another slot, for the applicant or for staff alike: the booking follows the
   * slot (a new SEQUENCE for the calendars), and the interviewers who gain or lose the application
   * are given or lose its access. Answers the interview as it now stands and that change of access.
   */
  const moveTo = async (tx: Db, applicationId: string, before: BookedInterview, slotId: string) => {
    await moveBooking(tx, before.bookingId, slotId);
    const interview = (await bookingOf(tx, applicationId))!;
    const access = await reassign(tx, applicationId, interview.interviewers, before.interviewers);
    await recordEvent(tx, { type: 'interview-moved', applicationId });
    return { interview, access };
  };

  /**
   * Cancels a booking, for the applicant or for staff alike: the slot is free again, the calendars
   * get the next SEQUENCE, and its interviewers lose the application's access. `onCancel` writes
   * what follows (events, e-mails) in the same transaction.
   */
  const release = async (
    tx: Db,
    applicationId: string,
    booking: BookedInterview,
    onCancel: (
      tx: Db,
      cancelled: BookedInterview,
      access: Awaited<ReturnType<typeof reassign>>,
    ) => Promise<void>,
  ): Promise<BookedInterview> => {
    await tx.delete(interviewBookings).where(eq(interviewBookings.id, booking.bookingId));
    await recordEvent(tx, { type: 'interview-cancelled', applicationId });
    const cancelled = { ...booking, sequence: booking.sequence + 1 };
    const access = await reassign(tx, applicationId, [], booking.interviewers);
    await onCancel(tx, cancelled, access);
    return cancelled;
  };

  /** Runs a booking change, answering a slot someone else holds with 409 in `message`. */
  const unlessTaken = async <T>(message: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SlotTaken || isUniqueViolation(error)) throw new HttpError(409, message);
      throw error;
    }
  };

  /** The booking staff would change: refused in words when there is none or it has started. */
  const staffBooking = async (tx: Db, applicationId: string, now: Date) => {
    await lockOpen(tx, applicationId, now, 'staff');
    const booking = await bookingOf(tx, applicationId, true);
    if (!booking) throw new HttpError(404, interviewMessages.staffNoBooking);
    if (booking.startsAt <= now) throw new HttpError(409, interviewMessages.staffAlreadyStarted);
    return booking;
  };

  return {
    /**
     * The interviewers among `ids`: team members who interview (interviewers and hiring managers).
     * Any id that is not one is refused, so a slot never names someone who cannot interview.
     */
    async checkInterviewers(ids: string[]): Promise<void> {
      const unique = [...new Set(ids)];
      if (!unique.every(isId)) throw new HttpError(400, interviewMessages.interviewerNotOnTeam);
      const found = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            inArray(users.id, unique),
            inArray(users.teamRole, INTERVIEWING_ROLES),
            eq(users.isAdmin, false),
          ),
        );
      if (found.length !== unique.length) throw new HttpError(400, interviewMessages.interviewerNotOnTeam);
    },

    /**
     * Creates the new slots for the job, and offers them and the named existing ones to the
     * application. An existing one must be the job's, free and far enough ahead. Answers every
     * slot now offered by this call, for the e-mail.
     */
    async offer(input: {
      applicationId: string;
      jobId: string;
      slots: SlotToOffer[];
      slotIds: string[];
      offeredBy: string;
      now: Date;
    }): Promise<{ startsAt: Date; durationMinutes: number; place: string }[]> {
      return inTransaction(async (tx) => {
        const existingIds = [...new Set(input.slotIds)];
        if (!existingIds.every(isId)) throw new HttpError(400, interviewMessages.slotNotOfJob);
        const existing =
          existingIds.length === 0
            ? []
            : await tx
                .select({
                  id: interviewSlots.id,
                  startsAt: interviewSlots.startsAt,
                  durationMinutes: interviewSlots.durationMinutes,
                  place: interviewSlots.place,
                })
                .from(interviewSlots)
                .leftJoin(interviewBookings, eq(interviewBookings.slotId, interviewSlots.id))
                .where(
                  and(
                    inArray(interviewSlots.id, existingIds),
                    eq(interviewSlots.jobId, input.jobId),
                    isNull(interviewBookings.id),
                    gt(interviewSlots.startsAt, changeableAfter(input.now)),
                  ),
                );
        if (existing.length !== existingIds.length) throw new HttpError(400, interviewMessages.slotNotOfJob);
        const created =
          input.slots.length === 0
            ? []
            : await tx
                .insert(interviewSlots)
                .values(
                  input.slots.map((slot) => ({
                    jobId: input.jobId,
                    startsAt: slot.startsAt,
                    durationMinutes: slot.durationMinutes,
                    place: slot.place,
                    offeredBy: input.offeredBy,
                  })),
                )
                .returning();
        const people = created.flatMap((slot, index) =>
          [...new Set(input.slots[index]!.interviewerIds)].map((userId) => ({ slotId: slot.id, userId })),
        );
        if (people.length > 0) await tx.insert(interviewSlotInterviewers).values(people);
        const offered = [...created, ...existing];
        await tx
          .insert(interviewOffers)
          .values(offered.map((slot) => ({ applicationId: input.applicationId, slotId: slot.id })))
          .onConflictDoNothing();
        return offered
          .map(({ startsAt, durationMinutes, place }) => ({ startsAt, durationMinutes, place }))
          .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      });
    },

    /** The job's coming slots (and the application's booked one) as administrators and its manager see them. */
    async staffView(applicationId: string, jobId: string, now: Date): Promise<StaffInterview> {
      const booking = await bookingOf(db, applicationId);
      const rows = await db
        .select({
          id: interviewSlots.id,
          startsAt: interviewSlots.startsAt,
          durationMinutes: interviewSlots.durationMinutes,
          place: interviewSlots.place,
          bookedBy: interviewBookings.applicationId,
          offered: sql<boolean>`exists (select 1 from ${interviewOffers} where ${interviewOffers.slotId} = ${interviewSlots.id} and ${interviewOffers.applicationId} = ${applicationId})`,
        })
        .from(interviewSlots)
        .leftJoin(interviewBookings, eq(interviewBookings.slotId, interviewSlots.id))
        .where(
          and(
            eq(interviewSlots.jobId, jobId),
            or(gt(interviewSlots.startsAt, now), eq(interviewBookings.applicationId, applicationId)),
          ),
        )
        .orderBy(asc(interviewSlots.startsAt));
      const people = await interviewersOf(
        db,
        rows.map((row) => row.id),
      );
      const [bookedAt] = booking
        ? await db
            .select({ at: interviewBookings.bookedAt })
            .from(interviewBookings)
            .where(eq(interviewBookings.id, booking.bookingId))
        : [];
      const [agreed] = await db
        .select({ text: applicationAdjustments.agreed })
        .from(applicationAdjustments)
        .where(eq(applicationAdjustments.applicationId, applicationId));
      return {
        slots: rows.map((row) => ({
          _id: row.id,
          startsAt: row.startsAt.toISOString(),
          durationMinutes: row.durationMinutes,
          place: row.place,
          interviewers: people
            .filter((person) => person.slotId === row.id)
            .map((person) => ({ _id: person.id, name: person.name, email: person.email })),
          offered: Boolean(row.offered),
          booking: row.bookedBy === null ? 'free' : row.bookedBy === applicationId ? 'this' : 'other',
        })),
        booking: booking
          ? {
              slotId: booking.slotId,
              bookedAt: bookedAt?.at.toISOString() ?? new Date(0).toISOString(),
            }
          : null,
        agreedAdjustment: agreed?.text ?? null,
      };
    },

    /**
     * What the applicant may book and what they booked: nothing to book, and nothing to change,
     * once the application has left the Interview stage's reach (`bookingClosedReason`); times to
     * book only while it is at Interview.
     */
    async applicantView(applicationId: string, now: Date): Promise<MyInterview> {
      const state = await stateOf(db, applicationId);
      const closed = state && bookingClosedReason(state, now);
      const booking = await bookingOf(db, applicationId);
      return {
        slots: !closed && state?.stage === 'interview' ? await bookableSlots(db, applicationId, now) : [],
        booking: booking
          ? {
              _id: booking.slotId,
              startsAt: booking.startsAt.toISOString(),
              durationMinutes: booking.durationMinutes,
              place: booking.place,
              adjustments: await askedOf(db, applicationId),
              changeable: !closed && booking.startsAt > changeableAfter(now),
            }
          : null,
        ...(closed ? { closed } : {}),
      };
    },

    /** The application's booking as it stands, and why it can no longer be changed (if so). */
    async bookingState(
      applicationId: string,
      now: Date,
    ): Promise<{
      booking: BookingSnapshot;
      stage: ApplicationStage | undefined;
      closed: string | undefined;
    }> {
      const state = await stateOf(db, applicationId);
      const [booking] = await db
        .select({ bookingId: interviewBookings.id, slotId: interviewBookings.slotId })
        .from(interviewBookings)
        .where(eq(interviewBookings.applicationId, applicationId));
      return {
        booking: booking ?? null,
        stage: state?.stage,
        closed: state && bookingClosedReason(state, now),
      };
    },

    /** The free times the applicant may still book: what a refusal offers instead. */
    bookable: (applicationId: string, now: Date) => bookableSlots(db, applicationId, now),

    /**
     * Books the slot for the application, or moves its booking there (a new SEQUENCE for the
     * calendars). The same slot again only updates what they said about adjustments. Throws
     * 409 `slotTaken` when another applicant has it, even one who booked a moment ago in another
     * transaction (the unique slot decides), 409 `tooLateToChange` for a booking too close, 409
     * in words once the job has closed or the application was rejected, withdrawn or hired, 400
     * `slotUnavailable` at any other stage than Interview, and `BookingChanged` when the booking is
     * no longer the one `seen` (what the caller counted against the link's limits).
     */
    async book(input: {
      applicationId: string;
      slotId: string;
      adjustments: string | null;
      seen: BookingSnapshot;
      now: Date;
      onChange: (
        tx: Db,
        outcome: BookingOutcome,
        access: Awaited<ReturnType<typeof reassign>>,
      ) => Promise<void>;
    }): Promise<BookingOutcome> {
      const { applicationId, slotId, now } = input;
      if (!isId(slotId)) throw new HttpError(400, interviewMessages.slotUnavailable);
      return unlessTaken(interviewMessages.slotTaken, () =>
        inTransaction(async (tx) => {
          // One booking change per application at a time: the application's row is the lock.
          const state = await lockOpen(tx, applicationId, now);
          if (state.stage !== 'interview') throw new HttpError(400, interviewMessages.slotUnavailable);
          const before = await bookingOf(tx, applicationId, true);
          if (!sameBooking(before, input.seen)) throw new BookingChanged();
          if (before && before.slotId === slotId) {
            const adjustmentAsked = await storeInterviewAdjustments(tx, applicationId, input.adjustments);
            const outcome: BookingOutcome = { kind: 'unchanged', interview: before, adjustmentAsked };
            if (adjustmentAsked) await input.onChange(tx, outcome, { gained: [], lost: [] });
            return outcome;
          }
          if (before && before.startsAt <= changeableAfter(now)) {
            throw new HttpError(409, interviewMessages.tooLateToChange);
          }
          const [offered] = await tx
            .select({ id: interviewSlots.id })
            .from(interviewOffers)
            .innerJoin(interviewSlots, eq(interviewSlots.id, interviewOffers.slotId))
            .where(
              and(
                eq(interviewOffers.applicationId, applicationId),
                eq(interviewOffers.slotId, slotId),
                gt(interviewSlots.startsAt, changeableAfter(now)),
              ),
            );
          if (!offered) throw new HttpError(400, interviewMessages.slotUnavailable);
          if (before) {
            const { interview, access } = await moveTo(tx, applicationId, before, slotId);
            const adjustmentAsked = await storeInterviewAdjustments(tx, applicationId, input.adjustments);
            const outcome: BookingOutcome = { kind: 'moved', interview, before, adjustmentAsked };
            await input.onChange(tx, outcome, access);
            return outcome;
          }
          const inserted = await tx
            .insert(interviewBookings)
            .values({ applicationId, slotId })
            .onConflictDoNothing()
            .returning({ id: interviewBookings.id });
          if (inserted.length === 0) throw new SlotTaken();
          await recordEvent(tx, { type: 'interview-booked', applicationId });
          const adjustmentAsked = await storeInterviewAdjustments(tx, applicationId, input.adjustments);
          const interview = (await bookingOf(tx, applicationId))!;
          const access = await reassign(tx, applicationId, interview.interviewers, []);
          const outcome: BookingOutcome = { kind: 'booked', interview, adjustmentAsked };
          await input.onChange(tx, outcome, access);
          return outcome;
        }),
      );
    },

    /**
     * Cancels the application's booking (the slot is free again); 409 once it is too close, and
     * as `book` once closed, or `BookingChanged` when it is not the one `seen`.
     */
    async cancel(input: {
      applicationId: string;
      seen: BookingSnapshot;
      now: Date;
      onCancel: (
        tx: Db,
        cancelled: BookedInterview,
        access: Awaited<ReturnType<typeof reassign>>,
      ) => Promise<void>;
    }): Promise<BookedInterview> {
      return inTransaction(async (tx) => {
        await lockOpen(tx, input.applicationId, input.now);
        const booking = await bookingOf(tx, input.applicationId, true);
        if (!sameBooking(booking, input.seen)) throw new BookingChanged();
        if (!booking) throw new HttpError(404, interviewMessages.noBooking);
        if (booking.startsAt <= changeableAfter(input.now)) {
          throw new HttpError(409, interviewMessages.tooLateToChange);
        }
        return release(tx, input.applicationId, booking, input.onCancel);
      });
    },

    /**
     * Moves the application's booked interview on the applicant's behalf (an administrator or
     * the job's hiring manager): to one of the job's free times still to come, or to a new time
     * made for the job. Staff are held neither to the 24 hours' notice nor to a link's limits,
     * only to an interview that has not started, an application still open (409 in words
     * otherwise) and a time nobody else has booked (409 `staffSlotTaken`). The same slot again
     * changes nothing.
     */
    async staffMove(input: {
      applicationId: string;
      jobId: string;
      slotId?: string;
      slot?: SlotToOffer;
      by: string;
      now: Date;
      onMove: (
        tx: Db,
        outcome: Extract<BookingOutcome, { kind: 'moved' }>,
        access: Awaited<ReturnType<typeof reassign>>,
      ) => Promise<void>;
    }): Promise<BookingOutcome> {
      return unlessTaken(interviewMessages.staffSlotTaken, () =>
        inTransaction(async (tx) => {
          const before = await staffBooking(tx, input.applicationId, input.now);
          if (input.slotId === before.slotId) {
            return { kind: 'unchanged', interview: before, adjustmentAsked: false } as const;
          }
          const { interview, access } = await moveTo(
            tx,
            input.applicationId,
            before,
            await staffTarget(tx, input),
          );
          const outcome = { kind: 'moved', interview, before, adjustmentAsked: false } as const;
          await input.onMove(tx, outcome, access);
          return outcome;
        }),
      );
    },

    /**
     * Cancels the application's booked interview on the applicant's behalf: the slot is free
     * again. Refused as `staffMove` is.
     */
    async staffCancel(input: {
      applicationId: string;
      now: Date;
      onCancel: (
        tx: Db,
        cancelled: BookedInterview,
        access: Awaited<ReturnType<typeof reassign>>,
      ) => Promise<void>;
    }): Promise<BookedInterview> {
      return inTransaction(async (tx) =>
        release(
          tx,
          input.applicationId,
          await staffBooking(tx, input.applicationId, input.now),
          input.onCancel,
        ),
      );
    },

    /**
     * What an access request gets of these applications' interviews: the times each was offered
     * and its booking, with its interviewers by name (docs/behaviour.md#access-export-and-erasure).
     * What was asked for as an adjustment is the adjustments contact's to add, not read here.
     */
    async exportFor(applicationIds: string[]): Promise<ExportedInterview[]> {
      if (applicationIds.length === 0) return [];
      const offers = await db
        .select({
          applicationId: interviewOffers.applicationId,
          startsAt: interviewSlots.startsAt,
          durationMinutes: interviewSlots.durationMinutes,
          place: interviewSlots.place,
          offeredAt: interviewOffers.createdAt,
        })
        .from(interviewOffers)
        .innerJoin(interviewSlots, eq(interviewSlots.id, interviewOffers.slotId))
        .where(inArray(interviewOffers.applicationId, applicationIds))
        .orderBy(asc(interviewSlots.startsAt));
      const bookings = await db
        .select({
          applicationId: interviewBookings.applicationId,
          slotId: interviewSlots.id,
          startsAt: interviewSlots.startsAt,
          durationMinutes: interviewSlots.durationMinutes,
          place: interviewSlots.place,
          bookedAt: interviewBookings.bookedAt,
          remindedAt: interviewBookings.remindedAt,
        })
        .from(interviewBookings)
        .innerJoin(interviewSlots, eq(interviewSlots.id, interviewBookings.slotId))
        .where(inArray(interviewBookings.applicationId, applicationIds));
      const people = await interviewersOf(
        db,
        bookings.map((booking) => booking.slotId),
      );
      const time = (row: { startsAt: Date; durationMinutes: number; place: string }) => ({
        startsAt: row.startsAt.toISOString(),
        durationMinutes: row.durationMinutes,
        place: row.place,
      });
      return applicationIds.flatMap((applicationId) => {
        const offered = offers.filter((row) => row.applicationId === applicationId);
        const booking = bookings.find((row) => row.applicationId === applicationId);
        if (offered.length === 0 && !booking) return [];
        return [
          {
            applicationId,
            offered: offered.map((row) => ({ ...time(row), offeredAt: row.offeredAt.toISOString() })),
            booking: booking
              ? {
                  ...time(booking),
                  bookedAt: booking.bookedAt.toISOString(),
                  remindedAt: booking.remindedAt?.toISOString() ?? null,
                  interviewers: people
                    .filter((person) => person.slotId === booking.slotId)
                    .map((person) => ({ name: person.name })),
                }
              : null,
          },
        ];
      });
    },

    /**
     * Claims the bookings whose interview starts within the reminder window and has not been
     * reminded yet, marking them reminded in the same statement, and hands them to `send` in that
     * transaction: each booking is reminded once, however many instances look at the same moment.
     */
    async claimDueReminders(
      now: Date,
      send: (tx: Db, due: BookedInterview[]) => Promise<void>,
    ): Promise<number> {
      return inTransaction(async (tx) => {
        const windowEnd = new Date(now.getTime() + INTERVIEW_REMINDER_HOURS * HOUR_MS);
        const dueSlots = tx
          .select({ id: interviewSlots.id })
          .from(interviewSlots)
          .where(and(gt(interviewSlots.startsAt, now), lte(interviewSlots.startsAt, windowEnd)));
        const claimed = await tx
          .update(interviewBookings)
          .set({ remindedAt: now })
          .where(and(isNull(interviewBookings.remindedAt), inArray(interviewBookings.slotId, dueSlots)))
          .returning({ applicationId: interviewBookings.applicationId });
        const due: BookedInterview[] = [];
        for (const row of claimed) {
          const booking = await bookingOf(tx, row.applicationId);
          if (booking) due.push(booking);
        }
        if (due.length > 0) await send(tx, due);
        return due.length;
      });
    },
  };
}

export type InterviewRepository = ReturnType<typeof createInterviewRepository>;
