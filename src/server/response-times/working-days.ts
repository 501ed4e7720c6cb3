import listed from './england-and-wales-bank-holidays.json' with { type: 'json' };

/*
 * Working days: Monday to Friday, less the bank holidays of England and Wales, substitute days
 * included, as date-holidays (which follows GOV.UK's list) gives them for 2000 to 2099, listed
 * by scripts/bank-holidays.mjs so the server does not hold the library's every country in
 * memory (docs/architecture.md#working-days). Days are London calendar days written YYYY-MM-DD, so
 * a limit never shifts with the clocks.
 */
const bankHolidays: ReadonlySet<string> = new Set(listed.days);

const toUtc = (day: string): Date => new Date(`${day}T00:00:00Z`);
const fromUtc = (date: Date): string => date.toISOString().slice(0, 10);

export function isWorkingDay(day: string): boolean {
  const weekday = toUtc(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !bankHolidays.has(day);
}

/** The `count`-th working day after `day` (`day` itself never counts). */
export function addWorkingDays(day: string, count: number): string {
  const date = toUtc(day);
  let left = count;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (isWorkingDay(fromUtc(date))) left -= 1;
  }
  return fromUtc(date);
}

/** How many working days fall after `from` up to and including `to` (0 when `to` is not later). */
export function workingDaysBetween(from: string, to: string): number {
  const date = toUtc(from);
  const end = toUtc(to);
  let count = 0;
  while (date < end) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (isWorkingDay(fromUtc(date))) count += 1;
  }
  return count;
}
