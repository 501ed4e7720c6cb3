import { londonToday } from '../../shared/format/calendar-date';
import type { AlertFrequency } from '../../shared/job-alerts/job-alerts-contract';

/** Daily and weekly alerts go at this hour, London time; weekly ones on Mondays. */
export const DIGEST_HOUR = 7;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** London's offset from UTC, in ms, at that instant (0 in winter, an hour in summer). */
function londonOffsetMs(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return asUtc - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** That calendar date (YYYY-MM-DD) at `hour`:00 London time. */
export function londonAt(date: string, hour: number): Date {
  const guess = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  return new Date(guess.getTime() - londonOffsetMs(guess));
}

/**
 * The latest time an alert of that frequency was due at or before `now`: now itself for the
 * instant ones, 07:00 London of today or yesterday for daily ones, the latest Monday's for weekly.
 * An alert covered up to an earlier time is due.
 */
export function dueBoundary(frequency: AlertFrequency, now: Date): Date {
  if (frequency === 'instant') return now;
  let day = londonToday(now);
  let boundary = londonAt(day, DIGEST_HOUR);
  const step = (from: string) => londonToday(new Date(londonAt(from, 12).getTime() - DAY_MS));
  if (boundary > now) {
    day = step(day);
    boundary = londonAt(day, DIGEST_HOUR);
  }
  if (frequency === 'weekly')
    while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) {
      day = step(day);
      boundary = londonAt(day, DIGEST_HOUR);
    }
  return boundary;
}

/** The London calendar date `hours` after that time. */
export const londonDateAfter = (at: Date, hours: number): string =>
  londonToday(new Date(at.getTime() + hours * HOUR_MS));
