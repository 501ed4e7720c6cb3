import { formatDate } from '../format/date';
import { isCalendarDate, londonToday } from '../format/calendar-date';

/** A job with a closing date before today (London) takes no more applications. */
export const isClosed = (closingDate: string | null | undefined, now: Date = new Date()): boolean =>
  Boolean(closingDate) && closingDate! < londonToday(now);

export const closingDateMessages = {
  invalid: 'Closing date must be a date (YYYY-MM-DD).',
  past: 'Closing date cannot be in the past.',
} as const;

/**
 * "5 December 2026": a closing date as every date is read (docs/behaviour.md#dates-and-sizes);
 * text that is not a calendar date is shown as it is.
 */
export const formatClosingDate = (closingDate: string): string =>
  isCalendarDate(closingDate) ? formatDate(closingDate) : closingDate;

/** The end of the closing day in London, as an ISO date-time with its UTC offset (for JobPosting). */
export function closingDateEnd(closingDate: string): string {
  const noon = new Date(`${closingDate}T12:00:00Z`);
  const offset =
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'longOffset' })
      .formatToParts(noon)
      .find((part) => part.type === 'timeZoneName')
      ?.value.replace('GMT', '') || '+00:00';
  return `${closingDate}T23:59:59${offset}`;
}
