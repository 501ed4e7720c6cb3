import type { Job } from '../jobs/job-contract';

/** The id of the JSON script element the server puts in every page it serves. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/**
 * What the server's HTML already carries, so the first render needs no second round trip: the
 * open jobs on `/`, the job on `/apply/:id`, and settings the public screens show.
 */
export interface InitialData {
  retentionDays: number;
  jobs?: Job[];
  job?: Job;
}
