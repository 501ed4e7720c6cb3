/** en-US numeric MM/DD/YYYY (docs/behaviour.md#dates-and-sizes), in the company's time zone so every face agrees. */
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

const ukTime = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** A moment as the app writes dates (MM/DD/YYYY), with the time of day in the company's time zone. */
export const formatUsDateTime = (date: Date | string | number): string => {
  const value = date instanceof Date ? date : new Date(date);
  return Number.isNaN(value.getTime()) ? '' : `${usDate.format(value)} ${ukTime.format(value)}`;
};

/*
 * How a person reads a date or a time, on every screen, page and e-mail: UK style, in the
 * company's time zone (docs/behaviour.md#dates-and-sizes). "28 November 2026" in running text,
 * "28 Nov 2026" in tables and lists, "14:00" on the 24-hour clock. The numeric MM/DD/YYYY
 * above is only the stored form of a post's publishTime and editTime.
 */
const asMoment = (date: Date | string | number): Date | undefined => {
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
