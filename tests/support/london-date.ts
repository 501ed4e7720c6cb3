import { londonToday } from '../../src/shared/format/calendar-date';

/** The London calendar date (`YYYY-MM-DD`) `days` from now, as closing dates are written. */
export const londonDateIn = (days: number): string => londonToday(new Date(Date.now() + days * 86_400_000));
