import type { Job } from '../../../shared/jobs/job-contract';

/**
 * A fact an open job may lack, with the words the dashboard counts it in. Jobs filled from their
 * texts when the facts arrived keep empty what their texts left unclear (docs/behaviour.md#job-facts),
 * and filters, feeds and search listings can only show what is filled in.
 */
const FACTS = [
  { field: 'pay', lack: 'no pay range', missing: (job: Job) => job.pay === null },
  { field: 'department', lack: 'no department', missing: (job: Job) => job.department === null },
  { field: 'workplaceType', lack: 'no workplace type', missing: (job: Job) => job.workplaceType === null },
  // A remote job is done from anywhere in its country: only the others need a town.
  {
    field: 'locations',
    lack: 'no town',
    missing: (job: Job) => job.workplaceType !== 'remote' && job.locations.length === 0,
  },
  {
    field: 'employmentTypes',
    lack: 'no employment type',
    missing: (job: Job) => job.employmentTypes.length === 0,
  },
] as const;

export type FactGapField = (typeof FACTS)[number]['field'];

export interface FactGap {
  field: FactGapField;
  /** "3 jobs have no pay range", "1 job has no department". */
  summary: string;
  jobs: Job[];
}

/**
 * What each open job still lacks, one entry per fact that any lacks, in the order above (pay
 * first: a job is not published without it). Closed jobs are left out: no listing, feed or filter
 * shows them any more.
 */
export function factGaps(jobs: readonly Job[]): FactGap[] {
  const open = jobs.filter((job) => !job.closed);
  return FACTS.flatMap(({ field, lack, missing }) => {
    const lacking = open.filter(missing);
    if (lacking.length === 0) return [];
    const count = lacking.length === 1 ? '1 job has' : `${lacking.length} jobs have`;
    return [{ field, summary: `${count} ${lack}`, jobs: lacking }];
  });
}
