/** The company works on UK time: its days (a closing day, a check's date) are London's. */
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

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (what `<input type="date">` gives). */
export const isCalendarDate = (value: string): boolean => {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
