import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { CalendarInvitation } from '../email/mailer';
import type { MailOptions } from '../email/mail-options';

/** What an invitation says about one booked interview. */
export interface InterviewEvent {
  /** The booking's id: the event's UID, the same for its booking, every move and its cancellation. */
  bookingId: string;
  /** Raised at each move and at the cancellation, so calendars apply the newest. */
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  place: string;
  jobTitle: string;
  /**
   * Who the invitation lists: the applicant's copy names them and the interviewers; the
   * interviewers' copy names only the interviewers, since the applicant's name is text anyone
   * applying typed (docs/security.md#e-mail-to-staff).
   */
  attendees: { name: string; email: string }[];
}

/** The event's UID: the booking's id at the site's host name, as RFC 5545 suggests. */
export const interviewUid = (bookingId: string, publicUrl: string): string =>
  `${bookingId}@${new URL(publicUrl).hostname}`;

/**
 * The iCalendar text of an interview invitation (REQUEST) or its cancellation (CANCEL), written by
 * ical-generator. The title names the job only: calendars are often shared, and the applicant's
 * name has no place on a colleague's screen (docs/behaviour.md#interviews).
 */
export function interviewCalendar(
  event: InterviewEvent,
  method: 'REQUEST' | 'CANCEL',
  mail: MailOptions,
): CalendarInvitation {
  const calendar = ical({
    prodId: { company: mail.companyName, product: 'careers-site', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: interviewUid(event.bookingId, mail.publicUrl),
    sequence: event.sequence,
    start: event.startsAt,
    end: new Date(event.startsAt.getTime() + event.durationMinutes * 60_000),
    summary: `Interview: ${event.jobTitle}`,
    location: event.place,
    description: `Interview for the ${event.jobTitle} role at ${mail.companyName}. Where: ${event.place}`,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: `${mail.companyName} careers team`, email: mail.careersMailbox },
    attendees: event.attendees.map((person) => ({
      name: person.name,
      email: person.email,
      role: ICalAttendeeRole.REQ,
      rsvp: method === 'REQUEST',
    })),
  });
  return { method, content: calendar.toString() };
}
