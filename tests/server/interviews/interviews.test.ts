import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainEvents,
  emailOutbox,
  interviewBookings,
  interviewSlots,
  scorecards,
} from '../../../src/server/db/schema';
import { sendDueReminders } from '../../../src/server/interviews/interview-reminders';
import { interviewMessages } from '../../../src/shared/interviews/interview-contract';
import { formatInterviewTime } from '../../../src/shared/interviews/london-time';
import { BOOKING_ACTIONS_PER_DAY, BOOKING_CHANGES_PER_INTERVIEW_PER_DAY } from '../../../src/shared/limits';
import { messages } from '../../../src/shared/messages';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { ADMIN } from '../../support/test-server';
import { STRONG_PASSWORD, logIn } from '../../support/accounts';
import { applyTo, invite, setUpHiringTeam, type HiringTeam, type Person } from '../../support/hiring-team';
import { testDatabaseUrl } from '../../support/postgres';
import { A_REJECTION_REASON } from '../../support/hiring';

/**
 * Interviews (docs/behaviour.md#interviews): times offered in UK time, booked, moved and cancelled
 * by the applicant through the private link in the e-mail, .ics invitations read back by an
 * independent parser (node-ical) from the real .eml files, the limits on a link's changes and the
 * interviewers' held e-mails (docs/security.md#interview-bookings), the adjustment asked for that
 * only the adjustments contact reads, the day-before reminder, and the interviewers' scorecards.
 * On PGlite, and on PostgreSQL under `npm run test:pg`.
 */

const engine = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
const PUBLIC_URL = 'https://careers.test.example';
const LINK = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/my-application/([A-Za-z0-9_-]{43})`);
const DELIVERY = { timeout: 20_000, interval: 50 };
const HOUR_MS = 3_600_000;
/** A year ahead: always more than 24 hours away, and in summer (BST) or winter (GMT) as chosen. */
const YEAR = new Date().getUTCFullYear() + 1;
const SUMMER_DAY = `${YEAR}-07-07`;
const WINTER_DAY = `${YEAR}-12-08`;
const CRITERIA = ['Clear spoken English', 'A second language is a plus'];
const CONTACT = { name: 'Adjustments Contact', email: 'interview.adjustments@example.com' };
/** How an interviewer's e-mail says the link opens in the desktop console too. */
const CONSOLE_LINE = 'It opens in the desktop console too: Your work, then the application.';
/**
 * Held interviewer e-mails wait this long (a test clock, `passTheHold`, lets them go at once), so
 * that what a run of changes leaves in the outbox can be counted before anything is sent.
 */
const HOLD_MS = 10 * 60_000;

/**
 * How far the server's clock is ahead of the real one (`now` in StartOptions): a scorecard test
 * moves it past an interview's start, and puts it back.
 */
let clockShiftMs = 0;

let server: TestApp;
let team: HiringTeam;
let interviewerX: Person;
let interviewerY: Person;
let contactToken: string;

beforeAll(async () => {
  server = await buildTestApp(
    { PUBLIC_URL, ADJUSTMENTS_CONTACT_EMAIL: CONTACT.email },
    { emailDelivery: { holdMs: HOLD_MS }, now: () => new Date(Date.now() + clockShiftMs) },
  );
  team = await setUpHiringTeam(server);
  interviewerX = await invite(server, team.adminToken, 'interviewer', 'iv-x');
  interviewerY = await invite(server, team.adminToken, 'interviewer', 'iv-y');
  const registered = await server.api('POST', '/register', {
    body: { ...CONTACT, password: STRONG_PASSWORD },
  });
  expect(registered.status).toBe(201);
  await server.context.users.setAdmin(CONTACT.email, true);
  contactToken = await logIn(server, CONTACT.email, STRONG_PASSWORD);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

interface Mail {
  to: string;
  subject: string;
  text: string;
  calendar?: string;
  /** The message as it arrived, headers and every part. */
  raw: string;
}

const outboxFolder = () => path.join(server.dataDir, 'outbox');
const parsedFiles = new Map<string, Mail>();
/** Every .eml the server has written, parsed as a mail program would. */
const mails = async (): Promise<Mail[]> => {
  const folder = outboxFolder();
  const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
  for (const name of names) {
    if (parsedFiles.has(name)) continue;
    const raw = readFileSync(path.join(folder, name));
    const email: Email = await PostalMime.parse(raw);
    const ics = email.attachments.find((attachment) => attachment.filename === 'invite.ics');
    parsedFiles.set(name, {
      to: email.to?.[0]?.address ?? '',
      subject: email.subject ?? '',
      text: email.text ?? '',
      raw: raw.toString('utf8'),
      ...(ics
        ? {
            calendar:
              typeof ics.content === 'string'
                ? ics.content
                : Buffer.from(ics.content as Uint8Array).toString('utf8'),
          }
        : {}),
    });
  }
  return [...parsedFiles.values()];
};
const mailsTo = async (address: string, subject: RegExp) =>
  (await mails()).filter((mail) => mail.to === address && subject.test(mail.subject));

/**
 * As time passing would: the held interviewer e-mails waiting now are due now, and the outbox
 * is woken to send them.
 */
const passTheHold = async () => {
  await server.context.database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(isNotNull(emailOutbox.coalesceKey), isNull(emailOutbox.sentAt), isNull(emailOutbox.claimToken)),
    );
  server.context.outbox.wake();
};

/** Waits for the `count`-th mail to `address` whose subject matches (past any hold), and answers it. */
const waitForMail = async (address: string, subject: RegExp, count = 1): Promise<Mail> => {
  await expect
    .poll(async () => {
      await passTheHold();
      return (await mailsTo(address, subject)).length;
    }, DELIVERY)
    .toBeGreaterThanOrEqual(count);
  return (await mailsTo(address, subject))[count - 1]!;
};

/** The outbox's rows about these applications, as the database holds them. */
const outboxRows = (applicationIds: string[]) =>
  server.context.database.db
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.applicationId, applicationIds));

/** The one event of an invitation, and its METHOD, as node-ical reads them. */
const eventOf = (calendar: string | undefined) => {
  expect(calendar, 'an invite.ics attachment').toBeDefined();
  const parsed = ical.sync.parseICS(calendar!);
  const events = Object.values(parsed).filter((item) => item?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  const event = events[0] as VEvent;
  return { event, method: parsed.vcalendar?.method };
};

const slot = (date: string, time: string, interviewers: Person[], place = 'Room 2, Northampton office') => ({
  date,
  time,
  durationMinutes: 45,
  place,
  interviewerIds: interviewers.map((person) => person.id),
});

let applicants = 0;
/** A fresh applicant of job A. */
const newApplicant = async (name?: string) => {
  const email = `interviewee.${++applicants}.${Date.now()}@example.com`;
  const id = await applyTo(server, team.jobA, {
    name: name ?? `Ivy Interviewee${applicants}`,
    email,
    about: 'Hello.',
  });
  return { id, email };
};

const offer = (applicationId: string, body: object, token = team.adminToken) =>
  server.api('POST', `/applications/${applicationId}/interview-slots`, { token, body });

/** Offers `slots` to a fresh applicant and answers them with the token of the link in the e-mail. */
const offeredApplicant = async (body: object, name?: string) => {
  const applicant = await newApplicant(name);
  const offered = await offer(applicant.id, body);
  expect(offered.status, JSON.stringify(offered.body)).toBe(200);
  const mail = await waitForMail(applicant.email, /^Choose a time for your interview/);
  const token = LINK.exec(mail.text)?.[1];
  expect(token, mail.text).toBeDefined();
  return { ...applicant, token: token!, offered: offered.body, mail };
};

/** The interview events recorded about this application, oldest first (docs/architecture.md#domain-events). */
const interviewEventsOf = async (applicationId: string): Promise<string[]> => {
  const rows = await server.context.database.db
    .select({ type: domainEvents.type })
    .from(domainEvents)
    .where(
      and(
        sql`${domainEvents.payload}->>'applicationId' = ${applicationId}`,
        sql`${domainEvents.type} like 'interview-%'`,
      ),
    )
    .orderBy(domainEvents.createdAt);
  return rows.map((row) => row.type);
};

const myInterview = (token: string) => server.api('GET', `/my-application/${token}/interview`);
const book = (token: string, body: object) =>
  server.api('PUT', `/my-application/${token}/interview`, { body });
const cancel = (token: string) => server.api('DELETE', `/my-application/${token}/interview`);
/** The times offered to this application, in time order. */
const offeredSlots = (offered: { slots: Array<{ _id: string; startsAt: string; offered: boolean }> }) =>
  offered.slots.filter((row) => row.offered);

describe(`offering interview times on ${engine}`, () => {
  it('moves the application to Interview, stores UK times as UTC and e-mails the applicant a link to book', async () => {
    const { id, token, offered, mail } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '10:30', [interviewerX]), slot(WINTER_DAY, '10:30', [interviewerY])],
    });
    expect(offered.slots.map((row: { startsAt: string }) => row.startsAt)).toEqual([
      `${SUMMER_DAY}T09:30:00.000Z`,
      `${WINTER_DAY}T10:30:00.000Z`,
    ]);
    expect(offered.slots[0].interviewers).toEqual([
      { _id: interviewerX.id, name: interviewerX.name, email: interviewerX.email },
    ]);
    expect(offered.booking).toBeNull();
    expect((await server.api('GET', `/applications/${id}`, { token: team.adminToken })).body.stage).toBe(
      'interview',
    );
    expect(mail.text).toContain('10:30 BST');
    expect(mail.text).toContain('10:30 GMT');

    const page = await server.api('GET', `/my-application/${token}`);
    expect(page.body).toMatchObject({ status: 'in-progress', interviewOffered: true });
    const mine = await myInterview(token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body).toEqual({
      slots: offered.slots.map(({ _id, startsAt, durationMinutes, place }: Record<string, unknown>) => ({
        _id,
        startsAt,
        durationMinutes,
        place,
      })),
      booking: null,
    });
  });

  it('lets the hiring manager of the job offer times, not the manager of another job', async () => {
    const applicant = await newApplicant();
    const body = { slots: [slot(SUMMER_DAY, '14:00', [interviewerX])] };
    const other = await server.api('POST', `/team/applications/${applicant.id}/interview-slots`, {
      token: await team.token(team.hmB),
      body,
    });
    expect(other.status).toBe(404);
    const own = await server.api('POST', `/team/applications/${applicant.id}/interview-slots`, {
      token: await team.token(team.hmA),
      body,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.slots.some((row: { offered: boolean }) => row.offered)).toBe(true);
  });

  it.each([
    [
      'a time the clocks skip',
      () => ({ slots: [slot(`${YEAR}-03-${lastSundayOfMarch(YEAR)}`, '01:30', [interviewerX])] }),
      interviewMessages.timeMissingInLondon,
    ],
    [
      'a time within 24 hours',
      () => {
        // Twelve hours from now, written as a London wall-clock date and time like the form's.
        const [date, time] = new Intl.DateTimeFormat('sv-SE', {
          timeZone: 'Europe/London',
          dateStyle: 'short',
          timeStyle: 'short',
        })
          .format(new Date(Date.now() + 12 * HOUR_MS))
          .split(' ');
        return { slots: [slot(date ?? '', time ?? '', [interviewerX])] };
      },
      interviewMessages.tooSoon,
    ],
    [
      // Hiring managers interview too; a plain account is no one on the team.
      'someone who is not an interviewer',
      () => ({ slots: [slot(SUMMER_DAY, '09:00', [team.plain])] }),
      interviewMessages.interviewerNotOnTeam,
    ],
    ['nothing to offer', () => ({ slots: [], slotIds: [] }), interviewMessages.slotsRequired],
  ])('refuses %s with 400 and changes nothing', async (_name, body, expected) => {
    const applicant = await newApplicant();
    const answer = await offer(applicant.id, body());
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(
      answer.body.message === expected || answer.body.errors?.[0]?.message === expected,
      JSON.stringify(answer.body),
    ).toBe(true);
    const stage = (await server.api('GET', `/applications/${applicant.id}`, { token: team.adminToken })).body
      .stage;
    expect(stage).not.toBe('interview');
  });
});

function lastSundayOfMarch(year: number): string {
  const day = 31 - new Date(Date.UTC(year, 2, 31)).getUTCDay();
  return String(day).padStart(2, '0');
}

describe(`booking through the private link on ${engine}`, () => {
  it('books, moves and cancels one calendar event: the same UID, REQUEST then CANCEL, SEQUENCE rising', async () => {
    const { id, email, token, offered } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '11:00', [interviewerX]), slot(WINTER_DAY, '15:00', [interviewerY])],
    });
    const [first, second] = offered.slots.filter((row: { offered: boolean }) => row.offered);

    const booked = await book(token, { slotId: first._id, adjustments: 'A step-free room, please.' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.booking).toMatchObject({
      _id: first._id,
      adjustments: 'A step-free room, please.',
      changeable: true,
    });
    expect(booked.body.slots.map((row: { _id: string }) => row._id)).toEqual([second._id]);

    // The applicant's and the interviewer's invitations: one event, titled without the applicant's name.
    const applicantInvite = eventOf((await waitForMail(email, /^Interview booked/)).calendar);
    const interviewerMail = await waitForMail(interviewerX.email, /^Interview booked/);
    const interviewerInvite = eventOf(interviewerMail.calendar);
    expect(applicantInvite.method).toBe('REQUEST');
    expect(Number(applicantInvite.event.sequence)).toBe(0);
    expect(applicantInvite.event.summary).toBe('Interview: Claims Handler');
    expect(String(applicantInvite.event.summary)).not.toContain('Ivy');
    expect(new Date(applicantInvite.event.start).toISOString()).toBe(`${SUMMER_DAY}T10:00:00.000Z`);
    expect(interviewerInvite.event.uid).toBe(applicantInvite.event.uid);
    // The interviewer's e-mail names the job and links to the application; nothing the applicant
    // typed is in it, their request included (only the adjustments contact reads that).
    expect(interviewerMail.text).toContain(`${PUBLIC_URL}/team/application/${id}`);
    expect(interviewerMail.text).toContain(CONSOLE_LINE);
    expect(interviewerMail.raw).not.toContain('step-free');
    expect(interviewerMail.raw).not.toContain('Ivy');

    // The booking opened the application to its interviewer, with the interview in it.
    const reached = await server.api('GET', `/team/applications/${id}`, {
      token: await team.token(interviewerX),
    });
    expect(reached.status).toBe(200);
    expect(reached.body.interview).toEqual({
      startsAt: `${SUMMER_DAY}T10:00:00.000Z`,
      durationMinutes: 45,
      place: 'Room 2, Northampton office',
      otherInterviewers: [],
    });

    const moved = await book(token, { slotId: second._id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.booking).toMatchObject({ _id: second._id, adjustments: 'A step-free room, please.' });
    const movedInvite = eventOf((await waitForMail(email, /^Interview moved/)).calendar);
    expect(movedInvite.method).toBe('REQUEST');
    expect(movedInvite.event.uid).toBe(applicantInvite.event.uid);
    expect(Number(movedInvite.event.sequence)).toBe(1);
    expect(new Date(movedInvite.event.start).toISOString()).toBe(`${WINTER_DAY}T15:00:00.000Z`);
    // The first slot's interviewer no longer interviews: their event is cancelled, and their access ends.
    const droppedMail = await waitForMail(interviewerX.email, /^Interview cancelled/);
    expect(droppedMail.text).toContain(`${PUBLIC_URL}/team/application/${id}`);
    expect(droppedMail.text).toContain(CONSOLE_LINE);
    const dropped = eventOf(droppedMail.calendar);
    expect(dropped.method).toBe('CANCEL');
    expect(dropped.event.uid).toBe(applicantInvite.event.uid);
    expect(Number(dropped.event.sequence)).toBe(1);
    expect(
      (await server.api('GET', `/team/applications/${id}`, { token: await team.token(interviewerX) })).status,
    ).toBe(404);
    // To the move's new interviewer it is a booking with them, at the latest SEQUENCE.
    const newInterviewerMail = await waitForMail(interviewerY.email, /^Interview booked/);
    expect(newInterviewerMail.text).toContain(`${PUBLIC_URL}/team/application/${id}`);
    const newInterviewer = eventOf(newInterviewerMail.calendar);
    expect(newInterviewer.event.uid).toBe(applicantInvite.event.uid);
    expect(Number(newInterviewer.event.sequence)).toBe(1);

    const cancelled = await server.api('DELETE', `/my-application/${token}/interview`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.booking).toBeNull();
    expect(cancelled.body.slots.map((row: { _id: string }) => row._id)).toEqual([first._id, second._id]);
    for (const address of [email, interviewerY.email]) {
      const cancelMail = await waitForMail(address, /^Interview cancelled/);
      // The interviewer's links to the application; the applicant's never to the team's screens.
      if (address === email) expect(cancelMail.text).not.toContain('/team/application/');
      else expect(cancelMail.text).toContain(`${PUBLIC_URL}/team/application/${id}`);
      const cancel = eventOf(cancelMail.calendar);
      expect(cancel.method).toBe('CANCEL');
      expect(cancel.event.uid).toBe(applicantInvite.event.uid);
      expect(Number(cancel.event.sequence)).toBe(2);
    }
    expect(
      (await server.api('GET', `/team/applications/${id}`, { token: await team.token(interviewerY) })).status,
    ).toBe(404);
    // Each change announced, in its own transaction, by the application's id alone.
    expect(await interviewEventsOf(id)).toEqual([
      'interview-booked',
      'interview-moved',
      'interview-cancelled',
    ]);
  });

  it('refuses to move or cancel an interview less than 24 hours away, with a message saying what to do', async () => {
    const { id, token, offered } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '09:00', [interviewerX]), slot(SUMMER_DAY, '16:00', [interviewerX])],
    });
    const [first, second] = offered.slots.filter((row: { offered: boolean }) => row.offered);
    expect((await book(token, { slotId: first._id })).status).toBe(200);
    await bringForward(id, 20 * HOUR_MS);

    const view = await myInterview(token);
    expect(view.body.booking.changeable).toBe(false);
    const move = await book(token, { slotId: second._id });
    expect(move.status).toBe(409);
    expect(move.body.message).toBe(interviewMessages.tooLateToChange);
    const cancel = await server.api('DELETE', `/my-application/${token}/interview`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(interviewMessages.tooLateToChange);
    expect((await myInterview(token)).body.booking._id).toBe(first._id);
  });

  it('gives one slot to one of two applicants pressing at once; the other is told and offered the rest', async () => {
    const first = await offeredApplicant({
      slots: [slot(WINTER_DAY, '09:00', [interviewerX]), slot(WINTER_DAY, '11:00', [interviewerY])],
    });
    const [contested, spare] = first.offered.slots.filter((row: { offered: boolean }) => row.offered);
    const second = await offeredApplicant({ slotIds: [contested._id, spare._id] });

    const answers = await Promise.all([
      book(first.token, { slotId: contested._id }),
      book(second.token, { slotId: contested._id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(lost.body).toEqual({
      message: interviewMessages.slotTaken,
      slots: [
        {
          _id: spare._id,
          startsAt: spare.startsAt,
          durationMinutes: spare.durationMinutes,
          place: spare.place,
        },
      ],
    });
    const { db } = server.context.database;
    const holders = await db
      .select()
      .from(interviewBookings)
      .where(eq(interviewBookings.slotId, contested._id));
    expect(holders).toHaveLength(1);
  });

  it('answers an unknown link with the private link’s 404', async () => {
    const answer = await myInterview('x'.repeat(43));
    expect(answer.status).toBe(404);
  });
});

/** Moves a booked interview to `fromNowMs` from now, as time passing would. */
async function bringForward(applicationId: string, fromNowMs: number) {
  const { db } = server.context.database;
  const [booking] = await db
    .select({ slotId: interviewBookings.slotId })
    .from(interviewBookings)
    .where(eq(interviewBookings.applicationId, applicationId));
  await db
    .update(interviewSlots)
    .set({ startsAt: new Date(Date.now() + fromNowMs) })
    .where(eq(interviewSlots.id, booking!.slotId));
}

describe(`bookings within reason on ${engine}`, () => {
  it('a burst of 50 changes through two links: a few go through, the rest are refused in words, and each interviewer hears only the latest', async () => {
    const [first, second, third] = await Promise.all(
      ['burst-a', 'burst-b', 'burst-c'].map((label) => invite(server, team.adminToken, 'interviewer', label)),
    );
    // One applicant moves between two times; another books and cancels one time, again and again.
    const mover = await offeredApplicant({
      slots: [slot(WINTER_DAY, '09:15', [first!]), slot(WINTER_DAY, '10:15', [second!])],
    });
    const [one, two] = offeredSlots(mover.offered);
    const canceller = await offeredApplicant({ slots: [slot(WINTER_DAY, '11:15', [third!])] });
    const [only] = offeredSlots(canceller.offered);
    // By id: a row's place in an unordered answer moves as it is updated (sent), on PostgreSQL.
    const queuedBefore = new Set((await outboxRows([mover.id, canceller.id])).map((row) => row.id));

    const inTurn = async (calls: Array<() => ReturnType<typeof book>>) => {
      const answers = [];
      for (const call of calls) answers.push(await call());
      return answers;
    };
    const [moves, cycles] = await Promise.all([
      inTurn(
        Array.from({ length: 25 }, (_, n) => () => book(mover.token, { slotId: (n % 2 ? two : one)!._id })),
      ),
      inTurn(
        Array.from(
          { length: 25 },
          (_, n) => () => (n % 2 ? cancel(canceller.token) : book(canceller.token, { slotId: only!._id })),
        ),
      ),
    ]);

    // The mover: booked, moved three times, then every move of that interview refused (asking
    // for the time it already has changes nothing, and is answered as it stands).
    const allowedMoves = 1 + BOOKING_CHANGES_PER_INTERVIEW_PER_DAY;
    expect(moves.map((answer) => answer.status)).toEqual(
      moves.map((_answer, n) => (n < allowedMoves || n % 2 === 1 ? 200 : 429)),
    );
    // The canceller: ten booking actions in all, then every booking refused (and so there is
    // nothing left to cancel).
    expect(cycles.map((answer) => answer.status)).toEqual(
      cycles.map((_answer, n) => (n < BOOKING_ACTIONS_PER_DAY ? 200 : n % 2 ? 404 : 429)),
    );
    for (const nothing of cycles.filter((answer) => answer.status === 404))
      expect(nothing.body).toEqual({ message: interviewMessages.noBooking });
    for (const [refusals, message] of [
      [moves.filter((answer) => answer.status === 429), interviewMessages.bookingChangesUsedUp],
      [cycles.filter((answer) => answer.status === 429), interviewMessages.bookingActionsUsedUp],
    ] as const) {
      for (const refused of refusals) {
        expect(refused.body).toEqual({ message });
        // Until the day's window is out.
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      }
    }
    expect(interviewMessages.bookingChangesUsedUp).toContain('careers@example.co.uk');
    expect(interviewMessages.bookingActionsUsedUp).toContain('careers@example.co.uk');
    // The refusals changed nothing: the mover's interview is where the third move left it.
    expect((await myInterview(mover.token)).body.booking._id).toBe(two!._id);

    // Before the hold has passed: nothing has gone to an interviewer, and one message waits for
    // the only interviewer the bookings still concern; every other change replaced or dropped it.
    const queued = (await outboxRows([mover.id, canceller.id])).filter((row) => !queuedBefore.has(row.id));
    const interviewers = [first!, second!, third!].map((person) => person.email);
    expect(
      queued.filter((row) => interviewers.includes(row.recipient)).map((row) => [row.recipient, row.sentAt]),
    ).toEqual([[second!.email, null]]);

    await passTheHold();
    await expect
      .poll(
        async () => (await outboxRows([mover.id, canceller.id])).filter((row) => !row.sentAt).length,
        DELIVERY,
      )
      .toBe(0);
    const arrived = (await mails()).filter((mail) => /^Interview /.test(mail.subject));
    const count = (address: string) => arrived.filter((mail) => mail.to === address).length;
    // Each applicant had an e-mail of each change that went through; 15 e-mails in all.
    expect(count(mover.email)).toBe(allowedMoves);
    expect(count(canceller.email)).toBe(BOOKING_ACTIONS_PER_DAY);
    expect([count(first!.email), count(second!.email), count(third!.email)]).toEqual([0, 1, 0]);
    const latest = arrived.find((mail) => mail.to === second!.email)!;
    expect(latest.subject).toBe('Interview booked: Claims Handler');
    const invitation = eventOf(latest.calendar);
    expect(invitation.method).toBe('REQUEST');
    expect(Number(invitation.event.sequence)).toBe(BOOKING_CHANGES_PER_INTERVIEW_PER_DAY);
    expect(new Date(invitation.event.start).toISOString()).toBe(two!.startsAt);
    // Fifty requests at once: a second on a quiet machine, far more beside a browser run.
  }, 90_000);

  it('changes sent all at once are counted as they happen: never more moves than the limit, never a 500', async () => {
    const person = await invite(server, team.adminToken, 'interviewer', 'at-once');
    const { id, token, offered } = await offeredApplicant({
      slots: [slot(WINTER_DAY, '13:15', [person]), slot(WINTER_DAY, '14:15', [person])],
    });
    const [one, two] = offeredSlots(offered);
    expect((await book(token, { slotId: one!._id })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => book(token, { slotId: (n % 2 ? one : two)!._id })),
    );
    for (const answer of answers)
      expect([200, 409, 429], JSON.stringify(answer.body)).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 429)).toBe(true);
    const trail = (await server.api('GET', `/applications/${id}/audit`, { token: team.adminToken }))
      .body as Array<{ action: string; detail: string | null }>;
    const moved = trail.filter(
      (entry) => entry.action === 'interview' && entry.detail?.startsWith('Moved to'),
    );
    expect(moved.length).toBeGreaterThanOrEqual(1);
    expect(moved.length).toBeLessThanOrEqual(BOOKING_CHANGES_PER_INTERVIEW_PER_DAY);
    const [booking] = await server.context.database.db
      .select({ sequence: interviewBookings.sequence })
      .from(interviewBookings)
      .where(eq(interviewBookings.applicationId, id));
    expect(booking!.sequence).toBe(moved.length);
  });

  it.each([
    ['the job has closed', interviewMessages.jobClosed],
    ['the application was rejected', interviewMessages.applicationRejected],
    ['the application was withdrawn', interviewMessages.applicationWithdrawn],
  ])(
    'refuses to book, move or cancel once %s: 409 in words, and nothing changes or is sent',
    async (why, message) => {
      const person = await invite(server, team.adminToken, 'interviewer', 'closed');
      const { id, token, offered } = await offeredApplicant({
        slots: [slot(SUMMER_DAY, '08:15', [person]), slot(SUMMER_DAY, '18:15', [person])],
      });
      const [one, two] = offeredSlots(offered);
      expect((await book(token, { slotId: one!._id })).status).toBe(200);
      const { db } = server.context.database;
      if (why === 'the application was rejected') {
        const rejected = await server.api('PUT', `/applications/${id}/stage`, {
          token: team.adminToken,
          body: { stage: 'rejected', reasonId: A_REJECTION_REASON, notify: false },
        });
        expect(rejected.status).toBe(200);
      } else if (why === 'the application was withdrawn') {
        expect((await server.api('POST', `/my-application/${token}/withdraw`)).status).toBe(200);
      } else {
        await db.execute(sql`update jobs set closing_date = '2000-01-01' where id = ${team.jobA}`);
      }
      try {
        const queued = (await outboxRows([id])).length;
        for (const attempt of [
          () => book(token, { slotId: two!._id }),
          () => book(token, { slotId: one!._id, adjustments: 'Another request.' }),
          () => cancel(token),
        ]) {
          const answer = await attempt();
          expect(answer.status).toBe(409);
          expect(answer.body).toEqual({ message, slots: [] });
        }
        const [booking] = await db
          .select({ slotId: interviewBookings.slotId, sequence: interviewBookings.sequence })
          .from(interviewBookings)
          .where(eq(interviewBookings.applicationId, id));
        expect(booking).toEqual({ slotId: one!._id, sequence: 0 });
        expect((await outboxRows([id])).length).toBe(queued);
        // The applicant's page says why, and offers nothing to press (a withdrawn one is not shown).
        const page = await myInterview(token);
        if (why === 'the application was withdrawn') expect(page.status).toBe(404);
        else {
          expect(page.body).toMatchObject({ slots: [], closed: message, booking: { changeable: false } });
        }
      } finally {
        await db.execute(sql`update jobs set closing_date = null where id = ${team.jobA}`);
      }
    },
  );
});

describe(`the interview adjustment on ${engine}`, () => {
  /** A name and a request made to be read as the company's own words. */
  const NAME = 'IT Desk: your mailbox is full, verify at http://evil.example/login';
  const REQUEST = 'Regards, IT Service Desk. Re-enter your password at http://evil.example/sso today.';
  const AGREED = 'A ground-floor room, and 15 minutes more for the written task.';
  const typed = ['IT Desk', 'IT Service Desk', 'evil.example', 'mailbox is full', 'Re-enter your password'];
  const expectNothingTyped = (text: string, where: string) => {
    for (const piece of typed) expect(text, where).not.toContain(piece);
  };

  it('reaches the adjustments contact alone; interviewers and the hiring manager see only what the contact agreed', async () => {
    const person = await invite(server, team.adminToken, 'interviewer', 'adjusted');
    const { id, token, offered } = await offeredApplicant(
      { slots: [slot(SUMMER_DAY, '09:45', [person]), slot(SUMMER_DAY, '14:45', [person])] },
      NAME,
    );
    const [one, two] = offeredSlots(offered);
    const booked = await book(token, { slotId: one!._id, adjustments: REQUEST });
    expect(booked.status).toBe(200);
    // The applicant sees their own words back.
    expect(booked.body.booking.adjustments).toBe(REQUEST);

    // The interviewer's e-mail and invitation: the job, the time, the link; nothing typed.
    const invitation = await waitForMail(person.email, /^Interview booked/);
    for (const [where, text] of Object.entries({
      subject: invitation.subject,
      text: invitation.text,
      calendar: invitation.calendar ?? '',
      raw: invitation.raw,
    }))
      expectNothingTyped(text, where);
    expect(invitation.text).toContain(`${PUBLIC_URL}/team/application/${id}`);
    expect(invitation.text).not.toContain('adjustment');

    // The contact is told there is a request, and where to read it; not what it is.
    const notice = await waitForMail(CONTACT.email, /interview adjustment$/);
    expect(notice.subject).toBe('An applicant for Claims Handler asked for an interview adjustment');
    expect(notice.text).toContain(`${PUBLIC_URL}/dashboard/adjustments`);
    expectNothingTyped(notice.raw, 'the contact’s notice');

    // The administrators', the hiring manager's and the interviewer's answers carry no request.
    const manager = await team.token(team.hmA);
    const interviewer = await team.token(person);
    const answers = {
      admin: await server.api('GET', `/applications/${id}/interview`, { token: team.adminToken }),
      manager: await server.api('GET', `/team/applications/${id}/interview`, { token: manager }),
      'admin detail': await server.api('GET', `/applications/${id}`, { token: team.adminToken }),
      'manager detail': await server.api('GET', `/team/applications/${id}`, { token: manager }),
      'interviewer detail': await server.api('GET', `/team/applications/${id}`, { token: interviewer }),
    };
    for (const [who, answer] of Object.entries(answers)) {
      expect(answer.status, who).toBe(200);
      expect(answer.bytes.toString(), who).not.toContain('Re-enter your password');
    }
    expect(answers.admin.body.agreedAdjustment).toBeNull();
    expect(answers.admin.body.booking).toEqual({ slotId: one!._id, bookedAt: expect.any(String) });
    const otherAdmin = await server.api('GET', `/applications/${id}/adjustments`, { token: team.adminToken });
    expect(otherAdmin.status).toBe(403);
    expect(otherAdmin.body).toEqual({ message: messages.adjustmentsContactOnly });

    // The contact reads it (in the audit trail), and writes what was agreed.
    const read = await server.api('GET', `/applications/${id}/adjustments`, { token: contactToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ interviewAdjustments: REQUEST, agreed: null });
    const notContact = await server.api('PUT', `/applications/${id}/adjustments/agreed`, {
      token: team.adminToken,
      body: { agreed: AGREED },
    });
    expect(notContact.status).toBe(403);
    expect(notContact.body).toEqual({ message: messages.adjustmentsContactOnly });
    const agreed = await server.api('PUT', `/applications/${id}/adjustments/agreed`, {
      token: contactToken,
      body: { agreed: AGREED },
    });
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
    expect(agreed.body).toEqual({ applicationId: id, agreed: AGREED });
    const trail = (await server.api('GET', `/applications/${id}/audit`, { token: team.adminToken }))
      .body as Array<{ action: string; actorEmail: string }>;
    expect(trail.filter((entry) => entry.actorEmail === CONTACT.email).map((entry) => entry.action)).toEqual([
      'adjustments',
      'adjustment-agreed',
    ]);

    // What was agreed is what the interviewer sees, on screen and in the next interview e-mail.
    const line = `An adjustment has been agreed: ${AGREED}`;
    expect(
      (await server.api('GET', `/applications/${id}/interview`, { token: team.adminToken })).body
        .agreedAdjustment,
    ).toBe(AGREED);
    expect(
      (await server.api('GET', `/team/applications/${id}/interview`, { token: manager })).body
        .agreedAdjustment,
    ).toBe(AGREED);
    expect(
      (await server.api('GET', `/team/applications/${id}`, { token: interviewer })).body.agreedAdjustment,
    ).toBe(AGREED);
    expect((await book(token, { slotId: two!._id })).status).toBe(200);
    const moved = await waitForMail(person.email, /^Interview moved/);
    expect(moved.text).toContain(line);
    expectNothingTyped(moved.raw, 'the move');
  });
});

describe(`the day-before reminder on ${engine}`, () => {
  it('goes once to the applicant and the interviewer of an interview within 24 hours, and never twice', async () => {
    const soon = await offeredApplicant({ slots: [slot(WINTER_DAY, '13:00', [interviewerY])] });
    const later = await offeredApplicant({ slots: [slot(WINTER_DAY, '14:00', [interviewerY])] });
    for (const applicant of [soon, later]) {
      const [offered] = applicant.offered.slots.filter((row: { offered: boolean }) => row.offered);
      expect((await book(applicant.token, { slotId: offered._id })).status).toBe(200);
    }
    await bringForward(soon.id, 23 * HOUR_MS);
    await bringForward(later.id, 30 * HOUR_MS);

    expect(await sendDueReminders(server.context)).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders(server.context)).toBe(0);
    const reminder = await waitForMail(soon.email, /^Reminder: your interview tomorrow/);
    expect(reminder.text).toContain('Claims Handler');
    await waitForMail(interviewerY.email, /^Reminder: your interview tomorrow/);
    const { db } = server.context.database;
    const [row] = await db
      .select({ remindedAt: interviewBookings.remindedAt })
      .from(interviewBookings)
      .where(eq(interviewBookings.applicationId, later.id));
    expect(row!.remindedAt).toBeNull();
    expect(await mailsTo(later.email, /^Reminder/)).toEqual([]);
    expect((await mailsTo(soon.email, /^Reminder/)).length).toBe(1);
  });
});

describe(`scorecards on ${engine}`, () => {
  const scorecard = (rating: number, recommendation: string) => ({
    ratings: CRITERIA.map((criterion) => ({ criterion, rating, note: `Note on ${criterion}` })),
    recommendation,
  });

  it('hides the others’ scores until one’s own is in; the application stays the interviewer’s after', async () => {
    const { id, token, offered } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '12:00', [interviewerX, interviewerY])],
    });
    const [only] = offered.slots.filter((row: { offered: boolean }) => row.offered);
    expect((await book(token, { slotId: only._id })).status).toBe(200);
    await bringForward(id, -HOUR_MS);
    const x = await team.token(interviewerX);
    const y = await team.token(interviewerY);

    const counts = await server.api('GET', '/applications/counts', { token: team.adminToken });
    expect(counts.body.interviews).toContainEqual({
      jobId: team.jobA,
      booked: expect.any(Number),
      scorecardsOwed: 2,
    });

    expect(
      (
        await server.api('PUT', `/team/applications/${id}/scorecard`, {
          token: y,
          body: scorecard(4, 'strong-yes'),
        })
      ).status,
    ).toBe(200);
    const before = await server.api('GET', `/team/applications/${id}/scorecards`, { token: x });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ criteria: CRITERIA, own: null, others: [], othersHidden: true });
    expect(JSON.stringify(before.body)).not.toContain('strong-yes');

    const wrong = await server.api('PUT', `/team/applications/${id}/scorecard`, {
      token: x,
      body: { ratings: [{ criterion: CRITERIA[0], rating: 3 }], recommendation: 'yes' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(interviewMessages.ratingsMismatch);
    const outOfRange = await server.api('PUT', `/team/applications/${id}/scorecard`, {
      token: x,
      body: scorecard(5, 'yes'),
    });
    expect(outOfRange.status).toBe(400);

    const submitted = await server.api('PUT', `/team/applications/${id}/scorecard`, {
      token: x,
      body: scorecard(2, 'no'),
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.othersHidden).toBe(false);
    expect(submitted.body.own).toMatchObject({ recommendation: 'no', interviewerEmail: interviewerX.email });
    expect(submitted.body.others).toEqual([
      expect.objectContaining({ recommendation: 'strong-yes', interviewerEmail: interviewerY.email }),
    ]);
    expect(submitted.body.owedBy).toEqual([]);

    const again = await server.api('PUT', `/team/applications/${id}/scorecard`, {
      token: x,
      body: scorecard(3, 'yes'),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: interviewMessages.scorecardAlreadyIn });
    // The application, its CV and the scorecards stay theirs while they are assigned and the job
    // is open; their list has it under Scored, with when.
    expect((await server.api('GET', `/team/applications/${id}`, { token: x })).status).toBe(200);
    expect(
      (await server.api('GET', `/team/applications/${id}/pdf?purpose=preview`, { token: x })).status,
    ).toBe(200);
    expect((await server.api('GET', `/team/applications/${id}/scorecards`, { token: x })).status).toBe(200);
    const listed = await server.api('GET', '/team/interviews', { token: x });
    expect(listed.status).toBe(200);
    expect(listed.body.find((row: { _id: string }) => row._id === id)).toMatchObject({
      jobTitle: 'Claims Handler',
      scoredAt: submitted.body.own.submittedAt,
    });

    const manager = await server.api('GET', `/team/applications/${id}/scorecards`, {
      token: await team.token(team.hmA),
    });
    expect(manager.body.others).toHaveLength(2);
    const admin = await server.api('GET', `/applications/${id}/scorecards`, { token: team.adminToken });
    expect(admin.body.others.map((card: { recommendation: string }) => card.recommendation).sort()).toEqual([
      'no',
      'strong-yes',
    ]);
    // Each read of the scorecards is in the applicant's trail as such, never as another
    // "Viewed the application" (the application screen reads both at each opening).
    const trail = (await server.api('GET', `/applications/${id}/audit`, { token: team.adminToken }))
      .body as Array<{ action: string; actorEmail: string }>;
    const scorecardReads = trail.filter((entry) => entry.action === 'scorecards');
    expect(scorecardReads.map((entry) => entry.actorEmail)).toEqual(
      expect.arrayContaining([team.hmA.email, ADMIN.email]),
    );
    expect(trail.filter((entry) => entry.action === 'view' && entry.actorEmail === ADMIN.email)).toEqual([]);
    const notYours = await server.api('PUT', `/team/applications/${id}/scorecard`, {
      token: await team.token(team.hmA),
      body: scorecard(3, 'yes'),
    });
    expect(notYours.status).toBe(403);
    expect(notYours.body).toEqual({ message: interviewMessages.scorecardNotYours });

    const after = await server.api('GET', '/applications/counts', { token: team.adminToken });
    const jobA = after.body.interviews.find((row: { jobId: string }) => row.jobId === team.jobA);
    expect(jobA?.scorecardsOwed ?? 0).toBe(0);
  });

  it('opens when the interview starts by the server’s clock: refused before, in words, and accepted after', async () => {
    const { id, token, offered } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '14:00', [interviewerX, interviewerY])],
    });
    const [only] = offeredSlots(offered);
    expect((await book(token, { slotId: only!._id })).status).toBe(200);
    const startsAt = new Date(only!.startsAt);
    const x = await team.token(interviewerX);
    const scorecardsOf = async () =>
      server.context.database.db.select().from(scorecards).where(eq(scorecards.applicationId, id));

    // The interview on the application names the other interviewers, not the caller.
    const detail = await server.api('GET', `/team/applications/${id}`, { token: x });
    expect(detail.body.interview).toMatchObject({ otherInterviewers: [interviewerY.name] });
    const closed = await server.api('GET', `/team/applications/${id}/scorecards`, { token: x });
    expect(closed.body.scoring).toEqual({ opensAt: startsAt.toISOString(), open: false });
    const early = await server.api('PUT', `/team/applications/${id}/scorecard`, {
      token: x,
      body: scorecard(3, 'yes'),
    });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: messages.scorecardOpensAt(startsAt) });
    // In UK words, in London time (14:00 BST is 13:00 UTC).
    expect(early.body.message).toMatch(
      /^Your scorecard opens when the interview starts: you can score from 14:00 on [A-Z][a-z]+day 7 July\.$/,
    );
    expect(await scorecardsOf()).toEqual([]);
    // The hiring manager and the administrators read; they are told nothing of opening.
    const manager = await server.api('GET', `/team/applications/${id}/scorecards`, {
      token: await team.token(team.hmA),
    });
    expect(manager.body).not.toHaveProperty('scoring');

    // A minute before the start it is still closed; at the start it opens.
    clockShiftMs = startsAt.getTime() - Date.now() - 60_000;
    try {
      const stillEarly = await server.api('PUT', `/team/applications/${id}/scorecard`, {
        token: x,
        body: scorecard(3, 'yes'),
      });
      expect(stillEarly.status).toBe(409);
      clockShiftMs = startsAt.getTime() - Date.now() + 60_000;
      const open = await server.api('GET', `/team/applications/${id}/scorecards`, { token: x });
      expect(open.body.scoring).toEqual({ opensAt: startsAt.toISOString(), open: true });
      const submitted = await server.api('PUT', `/team/applications/${id}/scorecard`, {
        token: x,
        body: scorecard(3, 'yes'),
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      // Submitted by the server's clock: after the interview started.
      expect(Date.parse(submitted.body.own.submittedAt)).toBeGreaterThan(startsAt.getTime());
    } finally {
      clockShiftMs = 0;
    }
    expect(await scorecardsOf()).toHaveLength(1);
  });

  it('is not open while no interview is booked, and says so', async () => {
    const applicant = await newApplicant();
    const given = await server.api('PUT', `/applications/${applicant.id}/interviewers/${interviewerX.id}`, {
      token: team.adminToken,
    });
    expect(given.status).toBe(200);
    const x = await team.token(interviewerX);
    const view = await server.api('GET', `/team/applications/${applicant.id}/scorecards`, { token: x });
    expect(view.body.scoring).toEqual({ opensAt: null, open: false });
    const refused = await server.api('PUT', `/team/applications/${applicant.id}/scorecard`, {
      token: x,
      body: scorecard(3, 'yes'),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: messages.scorecardNoInterview });
    // Listed under To interview, with no time yet.
    const listed = await server.api('GET', '/team/interviews', { token: x });
    const row = listed.body.find((entry: { _id: string }) => entry._id === applicant.id);
    expect(row).toMatchObject({ scoredAt: null });
    expect(row).not.toHaveProperty('interviewStartsAt');
  });

  it('keeps a scored application its interviewer’s until the assignment is taken away', async () => {
    const { id, token, offered } = await offeredApplicant({
      slots: [slot(WINTER_DAY, '11:15', [interviewerY])],
    });
    const [only] = offeredSlots(offered);
    expect((await book(token, { slotId: only!._id })).status).toBe(200);
    await bringForward(id, -HOUR_MS);
    const y = await team.token(interviewerY);
    const scored = await server.api('PUT', `/team/applications/${id}/scorecard`, {
      token: y,
      body: scorecard(4, 'strong-yes'),
    });
    expect(scored.status).toBe(200);
    const jobList = await server.api('GET', `/team/jobs/${team.jobA}/applications`, { token: y });
    expect(jobList.body.map((row: { _id: string }) => row._id)).toContain(id);

    const taken = await server.api('DELETE', `/applications/${id}/interviewers/${interviewerY.id}`, {
      token: team.adminToken,
    });
    expect(taken.status).toBe(200);
    expect((await server.api('GET', `/team/applications/${id}`, { token: y })).status).toBe(404);
    expect((await server.api('GET', `/team/applications/${id}/scorecards`, { token: y })).status).toBe(404);
    const listed = await server.api('GET', '/team/interviews', { token: y });
    expect(listed.body.map((row: { _id: string }) => row._id)).not.toContain(id);
  });

  it('counts interviews booked and still to come for the dashboard’s pipeline', async () => {
    const before = await server.api('GET', '/applications/counts', { token: team.adminToken });
    const bookedBefore =
      before.body.interviews.find((row: { jobId: string }) => row.jobId === team.jobA)?.booked ?? 0;
    const { token, offered } = await offeredApplicant({ slots: [slot(WINTER_DAY, '16:30', [interviewerX])] });
    const [only] = offered.slots.filter((row: { offered: boolean }) => row.offered);
    expect((await book(token, { slotId: only._id })).status).toBe(200);
    await expect
      .poll(async () => {
        const now = await server.api('GET', '/applications/counts', { token: team.adminToken });
        return now.body.interviews.find((row: { jobId: string }) => row.jobId === team.jobA)?.booked;
      }, DELIVERY)
      .toBe(bookedBefore + 1);
  });

  it('tells an interviewer’s list when each booked interview starts, so the console can say a scorecard is due', async () => {
    const { id, token, offered } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '15:00', [interviewerX])],
    });
    const [only] = offered.slots.filter((row: { offered: boolean }) => row.offered);
    const x = await team.token(interviewerX);
    expect((await book(token, { slotId: only._id })).status).toBe(200);
    const listed = await server.api('GET', `/team/jobs/${team.jobA}/applications`, { token: x });
    expect(listed.status).toBe(200);
    const row = listed.body.find((entry: { _id: string }) => entry._id === id);
    expect(row.interviewStartsAt).toBe(only.startsAt);

    // Cancelled, it has no start any more (and the interviewer no longer lists it).
    expect((await server.api('DELETE', `/my-application/${token}/interview`)).status).toBe(200);
    const manager = await server.api('GET', `/team/jobs/${team.jobA}/applications`, {
      token: await team.token(team.hmA),
    });
    expect(manager.body.find((entry: { _id: string }) => entry._id === id)).not.toHaveProperty(
      'interviewStartsAt',
    );
  });

  it('ends an interviewer’s scorecard access when the job closes', async () => {
    const { id, token, offered } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '17:00', [interviewerX])],
    });
    const [only] = offered.slots.filter((row: { offered: boolean }) => row.offered);
    expect((await book(token, { slotId: only._id })).status).toBe(200);
    const { db } = server.context.database;
    await db.execute(sql`update jobs set closing_date = '2000-01-01' where id = ${team.jobA}`);
    try {
      const answer = await server.api('GET', `/team/applications/${id}/scorecards`, {
        token: await team.token(interviewerX),
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: messages.teamAccessEnded });
    } finally {
      await db.execute(sql`update jobs set closing_date = null where id = ${team.jobA}`);
    }
  });
});

describe(`moving and cancelling for the applicant on ${engine}`, () => {
  const staffMove = (id: string, body: object, token = team.adminToken, scope: 'admin' | 'team' = 'admin') =>
    server.api('PUT', `${scope === 'team' ? '/team' : ''}/applications/${id}/interview/booking`, {
      token,
      body,
    });
  const staffCancel = (id: string, token = team.adminToken, scope: 'admin' | 'team' = 'admin') =>
    server.api('DELETE', `${scope === 'team' ? '/team' : ''}/applications/${id}/interview/booking`, {
      token,
    });
  const trailOf = async (id: string) =>
    (await server.api('GET', `/applications/${id}/audit`, { token: team.adminToken })).body as Array<{
      action: string;
      detail: string | null;
      actorEmail: string;
    }>;

  it('an administrator moves it to a new time, even within 24 hours, and the hiring manager cancels it: the same event updated, then cancelled, and the applicant told who did it', async () => {
    const [first, second] = await Promise.all(
      ['staff-a', 'staff-b'].map((label) => invite(server, team.adminToken, 'interviewer', label)),
    );
    const { id, email, token, offered } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '10:15', [first!], 'https://meet.example/claims-interview')],
    });
    const [only] = offeredSlots(offered);
    expect((await book(token, { slotId: only!._id })).status).toBe(200);
    const booked = eventOf((await waitForMail(email, /^Interview booked/)).calendar);
    await waitForMail(first!.email, /^Interview booked/);
    // Too close for the applicant to change; not for the team.
    await bringForward(id, 20 * HOUR_MS);
    const newTime = formatInterviewTime(`${WINTER_DAY}T14:00:00.000Z`);

    const moved = await staffMove(id, {
      slot: { ...slot(WINTER_DAY, '14:00', [second!]), durationMinutes: 60 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const now = moved.body.slots.find((row: { booking: string }) => row.booking === 'this');
    expect(now).toMatchObject({
      startsAt: `${WINTER_DAY}T14:00:00.000Z`,
      durationMinutes: 60,
      offered: true,
    });
    expect(moved.body.booking.slotId).toBe(now._id);

    // The applicant: told in words the team moved it, the time with its zone before the place,
    // and the same event at the next SEQUENCE.
    const applicantMail = await waitForMail(email, /^Interview moved/);
    expect(applicantMail.text).toContain('We have moved your interview to a new time:');
    expect(applicantMail.text).toContain(
      `${newTime} (UK time) for 60 minutes. Where: Room 2, Northampton office`,
    );
    const movedInvite = eventOf(applicantMail.calendar);
    expect(movedInvite.method).toBe('REQUEST');
    expect(movedInvite.event.uid).toBe(booked.event.uid);
    expect(Number(movedInvite.event.sequence)).toBe(1);
    expect(new Date(movedInvite.event.start).toISOString()).toBe(`${WINTER_DAY}T14:00:00.000Z`);
    // The interviewer dropped gets the cancellation, the new one the booking, at that SEQUENCE.
    const dropped = eventOf((await waitForMail(first!.email, /^Interview cancelled/)).calendar);
    expect([dropped.method, Number(dropped.event.sequence), dropped.event.uid]).toEqual([
      'CANCEL',
      1,
      booked.event.uid,
    ]);
    const joined = eventOf((await waitForMail(second!.email, /^Interview booked/)).calendar);
    expect([joined.method, Number(joined.event.sequence), joined.event.uid]).toEqual([
      'REQUEST',
      1,
      booked.event.uid,
    ]);
    expect((await myInterview(token)).body.booking).toMatchObject({
      _id: now._id,
      startsAt: `${WINTER_DAY}T14:00:00.000Z`,
      changeable: true,
    });

    const manager = await team.token(team.hmA);
    const cancelled = await staffCancel(id, manager, 'team');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.booking).toBeNull();
    expect(await interviewEventsOf(id)).toEqual([
      'interview-booked',
      'interview-moved',
      'interview-cancelled',
    ]);
    for (const address of [email, second!.email]) {
      const mail = await waitForMail(address, /^Interview cancelled/);
      const cancel = eventOf(mail.calendar);
      expect([cancel.method, Number(cancel.event.sequence), cancel.event.uid]).toEqual([
        'CANCEL',
        2,
        booked.event.uid,
      ]);
      if (address === email) expect(mail.text).toContain('We have cancelled your interview. It was to be:');
    }
    expect((await myInterview(token)).body.booking).toBeNull();
    expect(
      (await server.api('GET', `/team/applications/${id}`, { token: await team.token(second!) })).status,
    ).toBe(404);

    // In the applicant's trail under who did it, with the access each change gave or ended.
    const trail = await trailOf(id);
    expect(
      trail
        .filter((entry) => entry.actorEmail !== 'applicant' && entry.action !== 'view')
        .map((entry) => [entry.actorEmail, entry.action, entry.detail]),
    ).toEqual(
      expect.arrayContaining([
        [ADMIN.email, 'interview', `Moved to ${newTime}`],
        [ADMIN.email, 'assign', second!.email],
        [ADMIN.email, 'unassign', first!.email],
        [team.hmA.email, 'interview', `Cancelled ${newTime}`],
        [team.hmA.email, 'unassign', second!.email],
      ]),
    );
  });

  it('the hiring manager moves it to another free time of the job; one another applicant holds is refused', async () => {
    const person = await invite(server, team.adminToken, 'interviewer', 'staff-free');
    const mover = await offeredApplicant({ slots: [slot(WINTER_DAY, '08:30', [person])] });
    const other = await offeredApplicant({
      slots: [slot(WINTER_DAY, '09:30', [person]), slot(WINTER_DAY, '10:30', [person])],
    });
    const [mine] = offeredSlots(mover.offered);
    const [held, free] = offeredSlots(other.offered);
    expect((await book(mover.token, { slotId: mine!._id })).status).toBe(200);
    expect((await book(other.token, { slotId: held!._id })).status).toBe(200);
    const manager = await team.token(team.hmA);

    const taken = await staffMove(mover.id, { slotId: held!._id }, manager, 'team');
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: interviewMessages.staffSlotTaken });
    const notOfJob = await staffMove(
      mover.id,
      { slotId: '00000000-0000-4000-8000-000000000000' },
      manager,
      'team',
    );
    expect(notOfJob.status).toBe(400);
    expect(notOfJob.body).toEqual({ message: interviewMessages.slotNotOfJob });

    const moved = await staffMove(mover.id, { slotId: free!._id }, manager, 'team');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.booking.slotId).toBe(free!._id);
    const mail = await waitForMail(mover.email, /^Interview moved/);
    expect(mail.text).toContain('We have moved your interview to a new time:');
    expect(Number(eventOf(mail.calendar).event.sequence)).toBe(1);
    // The time they had is free again, for the applicant to choose back.
    expect((await myInterview(mover.token)).body.slots.map((row: { _id: string }) => row._id)).toEqual([
      mine!._id,
    ]);
  });

  it('is refused to an interviewer (403) and to the manager of another job (404), changing nothing', async () => {
    const { id, email, token, offered } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '13:30', [interviewerX]), slot(SUMMER_DAY, '15:30', [interviewerX])],
    });
    const [one, two] = offeredSlots(offered);
    expect((await book(token, { slotId: one!._id })).status).toBe(200);
    const interviewer = await team.token(interviewerX);
    const otherManager = await team.token(team.hmB);
    const queued = (await outboxRows([id])).length;
    for (const [who, callerToken, status, message] of [
      ['interviewer', interviewer, 403, messages.hiringManagerRequired],
      ['other manager', otherManager, 404, messages.applicationMissing],
    ] as const) {
      const move = await staffMove(id, { slotId: two!._id }, callerToken, 'team');
      expect([move.status, move.body], who).toEqual([status, { message }]);
      const cancel = await staffCancel(id, callerToken, 'team');
      expect([cancel.status, cancel.body], who).toEqual([status, { message }]);
    }
    // Nor may a team member use the administrators' calls.
    expect((await staffCancel(id, interviewer)).status).toBe(403);
    expect((await myInterview(token)).body.booking._id).toBe(one!._id);
    expect((await outboxRows([id])).length).toBe(queued);
    expect(await mailsTo(email, /^Interview (moved|cancelled)/)).toEqual([]);
  });

  it.each([
    ['the job has closed', interviewMessages.staffJobClosed],
    ['the application was rejected', interviewMessages.staffApplicationRejected],
    ['the application was withdrawn', interviewMessages.staffApplicationWithdrawn],
    ['the applicant was hired', interviewMessages.staffApplicationDecided],
    ['the interview has started', interviewMessages.staffAlreadyStarted],
  ])('answers 409 once %s, and nothing changes or is sent', async (why, message) => {
    const person = await invite(server, team.adminToken, 'interviewer', 'staff-closed');
    const { id, token, offered } = await offeredApplicant({
      slots: [slot(SUMMER_DAY, '07:45', [person]), slot(SUMMER_DAY, '19:45', [person])],
    });
    const [one, two] = offeredSlots(offered);
    expect((await book(token, { slotId: one!._id })).status).toBe(200);
    const { db } = server.context.database;
    const toStage = async (stage: string) =>
      expect(
        (
          await server.api('PUT', `/applications/${id}/stage`, {
            token: team.adminToken,
            body: { stage, notify: false, reasonId: A_REJECTION_REASON },
          })
        ).status,
      ).toBe(200);
    if (why === 'the application was rejected') await toStage('rejected');
    else if (why === 'the applicant was hired') await toStage('hired');
    else if (why === 'the application was withdrawn')
      expect((await server.api('POST', `/my-application/${token}/withdraw`)).status).toBe(200);
    else if (why === 'the interview has started') await bringForward(id, -HOUR_MS);
    else await db.execute(sql`update jobs set closing_date = '2000-01-01' where id = ${team.jobA}`);
    try {
      const queued = (await outboxRows([id])).length;
      const answers = [await staffMove(id, { slotId: two!._id }), await staffCancel(id)];
      // The hiring manager too, while the job is open (after it, their access has ended).
      if (why !== 'the job has closed') {
        const manager = await team.token(team.hmA);
        answers.push(await staffMove(id, { slotId: two!._id }, manager, 'team'));
        answers.push(await staffCancel(id, manager, 'team'));
      }
      for (const answer of answers) expect([answer.status, answer.body]).toEqual([409, { message }]);
      const [booking] = await db
        .select({ slotId: interviewBookings.slotId, sequence: interviewBookings.sequence })
        .from(interviewBookings)
        .where(eq(interviewBookings.applicationId, id));
      expect(booking).toEqual({ slotId: one!._id, sequence: 0 });
      expect((await outboxRows([id])).length).toBe(queued);
    } finally {
      await db.execute(sql`update jobs set closing_date = null where id = ${team.jobA}`);
    }
  });

  it('answers 404 when nothing is booked, and 400 for a new time already gone', async () => {
    const { id } = await offeredApplicant({ slots: [slot(SUMMER_DAY, '16:45', [interviewerX])] });
    const cancel = await staffCancel(id);
    expect([cancel.status, cancel.body]).toEqual([404, { message: interviewMessages.staffNoBooking }]);
    const past = await staffMove(id, { slot: slot(`${YEAR - 2}-07-07`, '10:00', [interviewerX]) });
    expect([past.status, past.body]).toEqual([400, { message: interviewMessages.moveTimePassed }]);
    const neither = await staffMove(id, {});
    expect(neither.status).toBe(400);
  });
});
