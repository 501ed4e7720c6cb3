/*
 * The stored form of a post's publishTime and editTime: en-US numeric MM/DD/YYYY, as the
 * specification writes them, in the company's time zone so every face agrees on the day. Only the
 * job routes and the job form write it; nobody reads it on a screen, a page or in an e-mail: what
 * a person reads goes through the UK formatters below (docs/behaviour.md#dates-and-sizes).
 */
const usDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/London',
});

export const formatUsDate = (date: Date | string | number): string => {
  const value = date instanceof Date ? date : new Date(date);
  return Number.isNaN(value.getTime()) ? '' : usDate.format(value);
};

export const US_DATE_PATTERN = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;

/*
 * How a person reads a date or a time, on every screen, page and e-mail: UK style, in the
 * company's time zone (docs/behaviour.md#dates-and-sizes). "28 November 2026" in running text,
 * "28 Nov 2026" in tables and lists, "14:00" on the 24-hour clock. A UK reader takes 11/05/2026
 * for 11 May, so no numeric form is shown.
 *
 * Each accepts a moment (a Date, an ISO date-time, milliseconds) or a calendar day: YYYY-MM-DD
 * (closing dates, right-to-work dates, date answers) or the stored MM/DD/YYYY. A day is read as
 * that day itself, whatever the time zone of the computer formatting it. Anything else gives ''.
 */
const STORED_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Noon UTC of the day, which is the same day in London in summer and winter; undefined for 02/30. */
const calendarDay = (year: number, month: number, day: number): Date | undefined => {
  const noon = new Date(Date.UTC(year, month - 1, day, 12));
  return noon.getUTCFullYear() === year && noon.getUTCMonth() === month - 1 && noon.getUTCDate() === day
    ? noon
    : undefined;
};

const asMoment = (date: Date | string | number): Date | undefined => {
  if (typeof date === 'string') {
    const stored = STORED_DAY.exec(date);
    if (stored) return calendarDay(Number(stored[3]), Number(stored[1]), Number(stored[2]));
    const calendar = CALENDAR_DAY.exec(date);
    if (calendar) return calendarDay(Number(calendar[1]), Number(calendar[2]), Number(calendar[3]));
  }
  const value = date instanceof Date ? date : new Date(date);
  return Number.isNaN(value.getTime()) ? undefined : value;
};

const ukFormat = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options });
  return (date: Date | string | number): string => {
    const moment = asMoment(date);
    return moment ? format.format(moment) : '';
  };
};

/** "28 November 2026". */
export const formatDate = ukFormat({ day: 'numeric', month: 'long', year: 'numeric' });
/** "28 Nov 2026", for tables and lists. */
export const formatShortDate = ukFormat({ day: 'numeric', month: 'short', year: 'numeric' });
/** "March 2026": a month (give its first day, YYYY-MM-01) in reports and charts. */
export const formatMonth = ukFormat({ month: 'long', year: 'numeric' });
/** "14:00", London time. */
export const formatTime = ukFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** "Wednesday 2 December". */
export const formatWeekdayDate = ukFormat({ weekday: 'long', day: 'numeric', month: 'long' });
/** "28 November 2026, 14:00". */
export const formatDateTime = (date: Date | string | number): string =>
  asMoment(date) ? `${formatDate(date)}, ${formatTime(date)}` : '';
/** "28 Nov 2026, 14:00", for tables and lists. */
export const formatShortDateTime = (date: Date | string | number): string =>
  asMoment(date) ? `${formatShortDate(date)}, ${formatTime(date)}` : '';
