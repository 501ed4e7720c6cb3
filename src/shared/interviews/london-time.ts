/**
 * The company offers interviews in UK time and the server stores them in UTC. A wall-clock time
 * in London is turned into its moment with the platform's time-zone data (Intl), so the clock
 * changes in March and October are the tz database's, not ours.
 */
const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The London wall clock of a moment, as `YYYY-MM-DD` and `HH:MM`. */
export function londonWallClock(moment: Date): { date: string; time: string } {
  const parts = Object.fromEntries(londonParts.formatToParts(moment).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * The moment a London date and time name: undefined for a time that does not exist there (the
 * hour skipped when the clocks go forward). A time that happens twice (the hour repeated in
 * October) is the first of the two, in summer time.
 */
export function fromLondonTime(date: string, time: string): Date | undefined {
  const asUtc = new Date(`${date}T${time}:00Z`);
  if (Number.isNaN(asUtc.getTime())) return undefined;
  // London is UTC or one hour ahead: try summer time first, so a repeated hour is the earlier one.
  for (const offsetHours of [1, 0]) {
    const moment = new Date(asUtc.getTime() - offsetHours * 3_600_000);
    const clock = londonWallClock(moment);
    if (clock.date === date && clock.time === time) return moment;
  }
  return undefined;
}

const longDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** "Tuesday 9 June 2026 at 10:30 BST": an interview's time nobody can misread. */
export const formatInterviewTime = (moment: Date | string): string => {
  const value = moment instanceof Date ? moment : new Date(moment);
  return Number.isNaN(value.getTime()) ? '' : longDateTime.format(value).replace(/^(\p{L}+),/u, '$1');
};
