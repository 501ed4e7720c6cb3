import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatShortDate,
  formatShortDateTime,
  formatTime,
  formatWeekdayDate,
} from '../../../src/shared/format/date';

/**
 * One way to write the dates a person reads, UK style in London time
 * (docs/behaviour.md#dates-and-sizes), and the lint rule that keeps every screen, server-drawn
 * page and e-mail on it.
 */

const machineZone = process.env.TZ;
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe('the UK date formatter', () => {
  it('writes a moment in London time, on either side of the clock changes', () => {
    // The clocks went forward at 01:00 UTC on 29 March 2026 and go back at 01:00 UTC on 25 October.
    expect(formatDateTime('2026-03-29T00:30:00Z')).toBe('29 March 2026, 00:30');
    expect(formatDateTime('2026-03-29T01:30:00Z')).toBe('29 March 2026, 02:30');
    expect(formatDateTime('2026-10-25T00:30:00Z')).toBe('25 October 2026, 01:30');
    expect(formatDateTime('2026-10-25T01:30:00Z')).toBe('25 October 2026, 01:30');
    // Late in a summer evening UTC is already the next day in London.
    expect(formatShortDateTime(new Date('2026-07-01T23:30:00Z'))).toBe('2 Jul 2026, 00:30');
    expect(formatTime(Date.UTC(2026, 11, 2, 14, 0))).toBe('14:00');
    expect(formatWeekdayDate('2026-12-02T14:00:00Z')).toBe('Wednesday 2 December');
  });

  it('reads a calendar day and the stored MM/DD/YYYY as that day, whatever the machine’s time zone', () => {
    for (const zone of ['Pacific/Auckland', 'America/Los_Angeles', 'UTC']) {
      process.env.TZ = zone;
      expect(formatDate('2026-11-28')).toBe('28 November 2026');
      expect(formatShortDate('2026-11-28')).toBe('28 Nov 2026');
      // 11/05/2026 is 5 November: the stored form is the specification's US order.
      expect(formatDate('11/05/2026')).toBe('5 November 2026');
      expect(formatDate('03/29/2026')).toBe('29 March 2026');
    }
  });

  it('gives nothing for what is not a date', () => {
    for (const format of [formatDate, formatShortDate, formatTime, formatWeekdayDate, formatDateTime]) {
      expect(format('')).toBe('');
      expect(format('not a date')).toBe('');
      expect(format('02/30/2026')).toBe('');
      expect(format('2026-13-01')).toBe('');
      expect(format(Number.NaN)).toBe('');
      expect(format(new Date('nonsense'))).toBe('');
    }
    expect(formatShortDateTime('2026-02-30')).toBe('');
  });
});

const eslint = new ESLint();

const refusals = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.line);
};

describe('lint and the dates a person reads', () => {
  const code = [
    "import { formatUsDate } from '../../../shared/format/date';",
    'export const texts = (createdAt: string, job: { updatedAt: Date }, count: number) => [',
    '  new Date(createdAt).toLocaleDateString(),',
    "  new Date(createdAt).toLocaleString('en-GB'),",
    '  job.updatedAt.toLocaleTimeString(),',
    "  count.toLocaleString('en-GB', { month: 'long' }),",
    "  new Intl.DateTimeFormat('en-US').format(job.updatedAt),",
    '  formatUsDate(createdAt),',
    "  count.toLocaleString('en-GB'),",
    '];',
    '',
  ].join('\n');

  it('refuses the browser’s locale and MM/DD/YYYY on screens, server-drawn pages and e-mails', async () => {
    for (const file of [
      'src/renderer/features/jobs/dates.tsx',
      'src/server/site/dates.ts',
      'src/server/email/templates/dates.ts',
    ])
      expect(await refusals(code, file)).toEqual([1, 3, 4, 5, 6, 7]);
  }, 30_000);

  it('lets the job form write the stored MM/DD/YYYY, and nothing else read as a date', async () => {
    expect(await refusals(code, 'src/renderer/features/jobs/job-form-page.tsx')).toEqual([3, 4, 5, 6, 7]);
    expect(await refusals(code, 'src/server/jobs/dates.ts')).toEqual([]);
  }, 30_000);
});
