import { formatInterviewTime } from './london-time';

/** A place that is nothing but a web address: the interview is a video call. */
const VIDEO_LINK = /^https?:\/\/\S+$/i;

/**
 * Where an interview is, as a sentence of its own: "Video call: https://..." for a bare link,
 * "Where: Northampton office" for anything else written as the person offering it wrote it.
 */
export const interviewPlace = (place: string): string =>
  VIDEO_LINK.test(place.trim()) ? `Video call: ${place.trim()}` : `Where: ${place}`;

/**
 * One interview as the applicant's page and the e-mails word it: the time with its zone at once,
 * then the length, then the place, so a link never comes between a time and its zone
 * (docs/behaviour.md#interviews): "Wednesday 2 December 2026 at 14:00 GMT (UK time) for 45
 * minutes. Video call: https://meet.example/claims-interview".
 */
export const interviewLine = (slot: {
  startsAt: Date | string;
  durationMinutes: number;
  place: string;
}): string =>
  `${formatInterviewTime(slot.startsAt)} (UK time) for ${slot.durationMinutes} minutes. ${interviewPlace(slot.place)}`;
