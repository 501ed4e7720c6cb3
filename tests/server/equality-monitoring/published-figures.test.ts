import { describe, expect, it } from 'vitest';
import {
  countReturns,
  publishFigures,
  type CountedReturn,
} from '../../../src/server/equality-monitoring/published-figures';
import {
  funnelStages,
  monitoringQuestions,
  type FunnelStage,
  type PublishedFigures,
  type StageCounts,
} from '../../../src/shared/equality-monitoring/equality-monitoring-contract';

/**
 * The rules every published figure keeps, over many made-up sets of returns
 * (docs/security.md#equality-monitoring): a multiple of five or withheld, never shown for nobody,
 * never more than six from the truth, and never more than a figure it is part of.
 */

// A fixed generator, so a failure can be run again as it was.
let seed = 20261129;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const stages: FunnelStage[] = [
  'applied',
  'applied',
  'applied',
  'shortlisted',
  'shortlisted',
  'interviewed',
  'offered',
  'hired',
];
const someReturn = (): CountedReturn => ({
  stageReached: pick(stages),
  answers: Object.fromEntries(
    monitoringQuestions.map((question) => [
      question.key,
      pick(['', 'prefer-not-to-say', ...question.options.map((item): string => item.value)]),
    ]),
  ) as CountedReturn['answers'],
});

/** Every figure of a report with its true count, keyed by row and stage. */
function cells(figures: PublishedFigures, rows: CountedReturn[]) {
  const counts = countReturns(rows);
  const out = new Map<string, { n: number; shown: number | null }>();
  const add = (row: string, shown: StageCounts, n: number[]) =>
    funnelStages.forEach((stage, index) => out.set(`${row} ${stage}`, { n: n[index]!, shown: shown[stage] }));
  add('total', figures.total, counts.total);
  for (const question of monitoringQuestions)
    for (const [value, n] of Object.entries(counts.groups[question.key]))
      add(`${question.key}=${value}`, figures.questions[question.key][value]!, n);
  return out;
}

describe('published equality monitoring figures', () => {
  it('are multiples of five or withheld, withheld for nobody, within six of the truth, and never above what they are part of', () => {
    let checked = 0;
    for (let world = 0; world < 60; world++) {
      const jobs = new Map(
        Array.from({ length: 1 + Math.floor(random() * 4) }, (_, index) => [
          `job-${index}`,
          Array.from({ length: Math.floor(random() * 40) }, someReturn),
        ]),
      );
      const all = [...jobs.values()].flat();
      const published = publishFigures(
        countReturns(all),
        new Map([...jobs].map(([id, rows]) => [id, countReturns(rows)])),
      );
      const whole = cells(published.whole, all);
      for (const [id, rows] of jobs) {
        const job = cells(published.jobs.get(id)!, rows);
        for (const [key, { shown }] of job) {
          const ofWhole = whole.get(key)!;
          if (ofWhole.shown === null) expect(shown, key).toBeNull();
          else if (shown !== null) expect(shown, key).toBeLessThanOrEqual(ofWhole.shown);
        }
      }
      for (const report of [whole, ...[...jobs].map(([id, rows]) => cells(published.jobs.get(id)!, rows))]) {
        for (const [key, { n, shown }] of report) {
          checked++;
          if (shown === null) continue;
          expect(shown % 5, key).toBe(0);
          expect(n, `${key} shown as ${shown}`).toBeGreaterThan(0);
          expect(Math.abs(shown - n), `${key}: ${n} shown as ${shown}`).toBeLessThanOrEqual(6);
          const [row, stage] = key.split(' ') as [string, FunnelStage];
          const before = funnelStages[funnelStages.indexOf(stage) - 1];
          if (before) {
            const earlier = report.get(`${row} ${before}`)!.shown;
            expect(earlier, `${key} after a withheld stage`).not.toBeNull();
            expect(shown).toBeLessThanOrEqual(earlier!);
          }
          if (row !== 'total') expect(shown).toBeLessThanOrEqual(report.get(`total ${stage}`)!.shown!);
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('withholds a count of fewer than five people and rounds the rest to the nearest five', () => {
    const rows: CountedReturn[] = [
      ...Array.from({ length: 30 }, () => ({ ...someReturn(), stageReached: 'applied' as const })),
      ...Array.from({ length: 3 }, () => ({ ...someReturn(), stageReached: 'hired' as const })),
    ];
    const figures = publishFigures(countReturns(rows), new Map()).whole;
    expect(figures.total).toEqual({
      applied: 35,
      shortlisted: null,
      interviewed: null,
      offered: null,
      hired: null,
    });
  });
});
