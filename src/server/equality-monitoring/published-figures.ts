import {
  funnelStages,
  monitoringQuestions,
  PREFER_NOT_TO_SAY,
  type FunnelStage,
  type MonitoringQuestionKey,
  type PublishedFigures,
  type StageCounts,
} from '../../shared/equality-monitoring/equality-monitoring-contract';
import { publishCount, type PublishedCount } from '../reporting/published-counts';

/**
 * How the equality monitoring figures are made safe to publish (docs/security.md#equality-monitoring),
 * by the method every report shares (reporting/published-counts.ts): counts under five are
 * withheld, the rest rounded to the nearest five, and a figure that is part of another and within
 * four people of it is published as that figure. Pure: the repository gives it the counts.
 */

/** One return as the figures count it: how far it got, and its answers ('' for none). */
export interface CountedReturn {
  stageReached: FunnelStage;
  answers: Record<MonitoringQuestionKey, string>;
}

/** True counts per funnel stage, in `funnelStages` order: how many reached at least that stage. */
type Counts = number[];

export interface SliceCounts {
  total: Counts;
  groups: Record<MonitoringQuestionKey, Record<string, Counts>>;
}

type Cell = PublishedCount;

interface PublishedCells {
  total: Cell[];
  groups: Record<MonitoringQuestionKey, Record<string, Cell[]>>;
}

const rank = (stage: FunnelStage) => funnelStages.indexOf(stage);
const zeros = (): Counts => funnelStages.map(() => 0);

/** Every answer a question can have, in the order the report lists them. */
export const answerValues = (key: MonitoringQuestionKey): string[] => [
  ...monitoringQuestions.find((question) => question.key === key)!.options.map((item): string => item.value),
  PREFER_NOT_TO_SAY,
  '',
];

export function countReturns(rows: Iterable<CountedReturn>): SliceCounts {
  const counts: SliceCounts = {
    total: zeros(),
    groups: Object.fromEntries(
      monitoringQuestions.map((question) => [
        question.key,
        Object.fromEntries(answerValues(question.key).map((value) => [value, zeros()])),
      ]),
    ) as SliceCounts['groups'],
  };
  for (const row of rows) {
    const reached = rank(row.stageReached);
    for (let stage = 0; stage <= reached; stage++) counts.total[stage]!++;
    for (const question of monitoringQuestions) {
      // An answer the questions no longer offer counts as not answered.
      const byValue = counts.groups[question.key];
      const value = row.answers[question.key] in byValue ? row.answers[question.key] : '';
      for (let stage = 0; stage <= reached; stage++) byValue[value]![stage]!++;
    }
  }
  return counts;
}

/**
 * One cell: the method is the one every report shares (reporting/published-counts.ts); for these
 * figures a cell's parents are, in this order, the same cell of the whole, the stage before, and
 * the question's total.
 */
const cell = publishCount;

/** The published cells of one slice, given its parent slice's (none for the whole). */
function publishCells(counts: SliceCounts, whole?: PublishedCells): PublishedCells {
  const total: Cell[] = [];
  counts.total.forEach((n, stage) => {
    total.push(cell(n, [whole?.total[stage], total[stage - 1]]));
  });
  const groups = {} as PublishedCells['groups'];
  for (const question of monitoringQuestions) {
    groups[question.key] = {};
    for (const [value, byStage] of Object.entries(counts.groups[question.key])) {
      const row: Cell[] = [];
      byStage.forEach((n, stage) => {
        row.push(cell(n, [whole?.groups[question.key][value]?.[stage], row[stage - 1], total[stage]]));
      });
      groups[question.key][value] = row;
    }
  }
  return { total, groups };
}

const stageCounts = (cells: Cell[]): StageCounts =>
  Object.fromEntries(funnelStages.map((stage, index) => [stage, cells[index]!.shown])) as StageCounts;

const figuresOf = (cells: PublishedCells): PublishedFigures => ({
  total: stageCounts(cells.total),
  questions: Object.fromEntries(
    monitoringQuestions.map((question) => [
      question.key,
      Object.fromEntries(
        Object.entries(cells.groups[question.key]).map(([value, row]) => [value, stageCounts(row)]),
      ),
    ]),
  ) as PublishedFigures['questions'],
});

/**
 * The figures of the whole and of each job, from one moment's counts: the jobs' cells are checked
 * against the whole's, so every pair of figures the product gives out that day is consistent.
 */
export function publishFigures(
  whole: SliceCounts,
  jobs: ReadonlyMap<string, SliceCounts>,
): { whole: PublishedFigures; jobs: Map<string, PublishedFigures> } {
  const wholeCells = publishCells(whole);
  return {
    whole: figuresOf(wholeCells),
    jobs: new Map([...jobs].map(([jobId, counts]) => [jobId, figuresOf(publishCells(counts, wholeCells))])),
  };
}
