import { describe, expect, it } from 'vitest';
import listed from '../../../src/server/response-times/england-and-wales-bank-holidays.json' with { type: 'json' };
import { listed as fromTheLibrary } from '../../../scripts/bank-holidays.mjs';
import {
  addWorkingDays,
  isWorkingDay,
  workingDaysBetween,
} from '../../../src/server/response-times/working-days';

describe('working days', () => {
  it('skip weekends and the England and Wales bank holidays of Easter and Christmas 2026', () => {
    // Thursday 2 April: Good Friday (3rd) and Easter Monday (6th) do not count.
    expect(addWorkingDays('2026-04-02', 1)).toBe('2026-04-07');
    expect(addWorkingDays('2026-04-02', 5)).toBe('2026-04-13');
    // Christmas Day is a Friday, Boxing Day a Saturday with its substitute on Monday 28th.
    expect(isWorkingDay('2026-12-28')).toBe(false);
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-29');
    expect(workingDaysBetween('2026-12-24', '2027-01-04')).toBe(4);
    expect(isWorkingDay('2026-12-23')).toBe(true);
  });

  it('come from the bank holidays the installed date-holidays gives, as the server lists them', () => {
    // Run `node scripts/bank-holidays.mjs` when this fails after an update of date-holidays.
    expect(listed).toEqual(fromTheLibrary());
    expect(listed.days).toContain('2023-05-08');
  });
});
