import type { Job } from '../../shared/jobs/job-contract';
import { londonToday } from '../../shared/jobs/closing-date';
import type { ChangeFeed } from '../db/change-feed';
import { createRepresentation, type Representation } from '../http/representation';
import type { JobRepository } from './job-repository';

export interface OpenJobs {
  jobs: Job[];
  /** GET /api/all's answer, ready to send. */
  answer: Representation;
}

/** A safety net: even if a change notice from another instance were lost, nothing stays stale longer. */
const MAX_AGE_MS = 60_000;

/**
 * The open jobs, read once and kept until a job changes (here or, through the change feed, on
 * another instance), the UK date moves on (closing dates), or a minute passes. Every visitor's
 * GET /api/all and home page reads from it instead of the database.
 */
export function createOpenJobsCache(
  jobs: JobRepository,
  changes: ChangeFeed,
  serialize: (jobs: Job[]) => string,
) {
  let cached: { value: Promise<OpenJobs>; day: string; loadedAt: number } | undefined;
  let generation = 0;
  changes.subscribe('jobs', () => {
    generation++;
    cached = undefined;
  });

  const load = async (): Promise<OpenJobs> => {
    const list = await jobs.list();
    return { jobs: list, answer: createRepresentation(serialize(list), 'application/json; charset=utf-8') };
  };

  return {
    get(): Promise<OpenJobs> {
      const day = londonToday();
      if (cached && cached.day === day && Date.now() - cached.loadedAt < MAX_AGE_MS) return cached.value;
      const startedAt = generation;
      const value = load();
      const entry = { value, day, loadedAt: Date.now() };
      cached = entry;
      // A failed read is not kept; neither is one that a change overtook while it ran.
      value.then(
        () => {
          if (generation !== startedAt && cached === entry) cached = undefined;
        },
        () => {
          if (cached === entry) cached = undefined;
        },
      );
      return value;
    },
  };
}

export type OpenJobsCache = ReturnType<typeof createOpenJobsCache>;
