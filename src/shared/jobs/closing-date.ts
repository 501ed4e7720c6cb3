import { formatDate } from '../format/date';

/** The company works on UK time: a job "closes" at the end of its closing day in London. */
const londonDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/London',
});

let today = { day: '', until: 0 };

/**
 * Today's date in London as YYYY-MM-DD (en-CA formats dates that way). Servers ask on every
 * request, so the answer for "now" is kept for a second rather than formatted each time.
 */
export const londonToday = (now?: Date): string => {
  if (now) return londonDay.format(now);
  const time = Date.now();
  if (time >= today.until) today = { day: londonDay.format(time), until: time + 1000 };
  return today.day;
};

/** A job with a closing date before today (London) takes no more applications. */
export const isClosed = (closingDate: string | null | undefined, now: Date = new Date()): boolean =>
  Boolean(closingDate) && closingDate! < londonToday(now);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (what `<input type="date">` gives). */
export const isCalendarDate = (value: string): boolean => {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

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
