import { describe, expect, it } from 'vitest';
import { dueBoundary } from '../../../src/server/job-alerts/alert-times';

/** Daily alerts go at 07:00 London time, weekly ones on Mondays: in winter and in summer time. */
describe('when digests are due', () => {
  it.each([
    ['2026-11-29T13:00:00Z', '2026-11-29T07:00:00.000Z', '2026-11-23T07:00:00.000Z'],
    ['2026-11-30T06:59:00Z', '2026-11-29T07:00:00.000Z', '2026-11-23T07:00:00.000Z'],
    ['2026-11-30T07:00:00Z', '2026-11-30T07:00:00.000Z', '2026-11-30T07:00:00.000Z'],
    ['2026-07-15T05:59:00Z', '2026-07-14T06:00:00.000Z', '2026-07-13T06:00:00.000Z'],
    ['2026-07-15T06:00:00Z', '2026-07-15T06:00:00.000Z', '2026-07-13T06:00:00.000Z'],
  ])('at %s the daily boundary is %s and the weekly %s', (now, daily, weekly) => {
    expect(dueBoundary('daily', new Date(now)).toISOString()).toBe(daily);
    expect(dueBoundary('weekly', new Date(now)).toISOString()).toBe(weekly);
    expect(dueBoundary('instant', new Date(now)).toISOString()).toBe(new Date(now).toISOString());
  });
});
