import type { HeldEmail, QueuedEmail } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import {
  interviewChangeEmail,
  type ChangedBy,
  type InterviewChange,
  type MailedInterview,
  managerInterviewEmail,
} from './interview-emails';
import { interviewCalendar } from './interview-calendar';
import type { BookedInterview, BookingOutcome } from './interview-repository';

type Method = 'REQUEST' | 'CANCEL';
type Interviewer = BookedInterview['interviewers'][number];

const mailed = (interview: BookedInterview): MailedInterview => ({
  applicationId: interview.applicationId,
  jobTitle: interview.jobTitle,
  startsAt: interview.startsAt,
  durationMinutes: interview.durationMinutes,
  place: interview.place,
  agreedAdjustment: interview.agreedAdjustment,
});

/** The invitation of one state of the booking, as the applicant's copy or the interviewers'. */
const invitation = (interview: BookedInterview, method: Method, mail: MailOptions, forApplicant: boolean) =>
  interviewCalendar(
    {
      bookingId: interview.bookingId,
      sequence: interview.sequence,
      startsAt: interview.startsAt,
      durationMinutes: interview.durationMinutes,
      place: interview.place,
      jobTitle: interview.jobTitle,
      attendees: [
        ...(forApplicant ? [{ name: interview.applicantName, email: interview.applicantEmail }] : []),
        ...interview.interviewers,
      ],
    },
    method,
    mail,
  );

/** One person's e-mail of a change, with their side's copy of the invitation when there is one. */
const emailOf = (
  change: InterviewChange,
  to: { name: string; email: string; role: 'applicant' | 'interviewer' },
  interview: BookedInterview,
  mail: MailOptions,
  method?: Method,
  changedBy?: ChangedBy,
): QueuedEmail =>
  interviewChangeEmail(
    change,
    to,
    mailed(interview),
    method && invitation(interview, method, mail, to.role === 'applicant'),
    mail,
    changedBy,
  );

/**
 * The applicant's e-mail of a change, with their copy of the invitation when there is one; one the
 * hiring team made for them says so (`changedBy`).
 */
export const applicantInterviewEmail = (
  change: InterviewChange,
  interview: BookedInterview,
  mail: MailOptions,
  method?: Method,
  changedBy?: ChangedBy,
): QueuedEmail =>
  emailOf(
    change,
    { name: interview.applicantName, email: interview.applicantEmail, role: 'applicant' },
    interview,
    mail,
    method,
    changedBy,
  );

/** An interviewer's e-mail of a change, with the interviewers' copy of the invitation. */
const interviewerEmail = (
  change: InterviewChange,
  person: Interviewer,
  interview: BookedInterview,
  mail: MailOptions,
  method?: Method,
): QueuedEmail =>
  emailOf(change, { name: person.name, email: person.email, role: 'interviewer' }, interview, mail, method);

/** The day-before reminders of one interview: to the applicant and each interviewer, no invitation. */
export const reminderEmails = (interview: BookedInterview, mail: MailOptions): QueuedEmail[] => [
  applicantInterviewEmail('reminder', interview, mail),
  ...interview.interviewers.map((person) => interviewerEmail('reminder', person, interview, mail)),
];

/** One interviewer's messages about one booking share a key: the later replaces the one not yet sent. */
const heldKey = (bookingId: string, email: string) => `interview:${bookingId}:${email.toLowerCase()}`;

/**
 * What the interviewers are told of a change to a booking, held a while and coalesced per
 * interviewer (docs/security.md#interview-bookings): one who has heard of the booking gets the
 * latest state (the move, with the latest SEQUENCE, or the cancellation); one who has not gets it
 * as a new booking, or nothing if it is already cancelled. A move's new interviewers are told of a
 * booking; those it drops, of its cancellation.
 */
export function interviewerNews(
  done: BookingOutcome | { kind: 'cancelled'; interview: BookedInterview },
  mail: MailOptions,
): HeldEmail[] {
  const { interview } = done;
  const cancellation = (person: Interviewer, about: BookedInterview): HeldEmail => ({
    key: heldKey(about.bookingId, person.email),
    message: interviewerEmail('cancelled', person, about, mail, 'CANCEL'),
    first: null,
  });
  if (done.kind === 'unchanged') return [];
  if (done.kind === 'cancelled')
    return interview.interviewers.map((person) => cancellation(person, interview));
  const current = interview.interviewers.map((person) => ({
    key: heldKey(interview.bookingId, person.email),
    message: interviewerEmail(done.kind, person, interview, mail, 'REQUEST'),
    first: interviewerEmail('booked', person, interview, mail, 'REQUEST'),
  }));
  if (done.kind === 'booked') return current;
  const dropped = done.before.interviewers.filter(
    (person) => !interview.interviewers.some((other) => other.id === person.id),
  );
  const before = { ...done.before, sequence: interview.sequence };
  return [...current, ...dropped.map((person) => cancellation(person, before))];
}

/**
 * What the job's hiring managers are told of an applicant's booking, held and coalesced as the
 * interviewers' e-mails are: the booking (at its latest time, if it moved meanwhile), a later
 * move or cancellation once they were told of it, nothing when it was booked and cancelled before
 * anything went. A manager who is also one of its interviewers has the interviewers' e-mail.
 */
export function managerNews(
  done: BookingOutcome | { kind: 'cancelled'; interview: BookedInterview },
  managers: { id: string; name: string; email: string }[],
  mail: MailOptions,
): HeldEmail[] {
  if (done.kind === 'unchanged') return [];
  const { interview } = done;
  const told = managers.filter((person) => !interview.interviewers.some((other) => other.id === person.id));
  return told.map((person) => ({
    key: `interview-manager:${interview.bookingId}:${person.email.toLowerCase()}`,
    message: managerInterviewEmail(done.kind, person, mailed(interview), mail),
    first:
      done.kind === 'cancelled' ? null : managerInterviewEmail('booked', person, mailed(interview), mail),
  }));
}
