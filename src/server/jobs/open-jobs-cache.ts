import { toPublicJob, type Job } from '../../shared/jobs/job-contract';
import { londonToday } from '../../shared/format/calendar-date';
import type { ChangeFeed } from '../db/change-feed';
import { createChangeCache } from '../db/change-cache';
import { createRepresentation, type Representation } from '../http/representation';
import type { JobRepository } from './job-repository';

export interface OpenJobs {
  /** In their public form: what every visitor, page and prerender gets. */
  jobs: Job[];
  /** GET /api/all's answer, ready to send. */
  answer: Representation;
}

/**
 * The open jobs as every visitor's GET /api/all and home page get them: read once, kept until a
 * job changes, and read again when the UK date moves on (a closing date may have passed). Every
 * `recheckMs` they are read again in the background, in case a change notice was lost; a read that
 * finds the same jobs keeps the very same value, so the pages drawn from it stay drawn
 * (docs/architecture.md#prerendered-pages).
 */
export function createOpenJobsCache(
  jobs: JobRepository,
  changes: ChangeFeed,
  serialize: (jobs: Job[]) => string,
  options: { recheckMs: number } = { recheckMs: 60_000 },
) {
  return createChangeCache<OpenJobs>(
    changes,
    'jobs',
    async () => {
      const list = (await jobs.list()).map(toPublicJob);
      return { jobs: list, answer: createRepresentation(serialize(list), 'application/json; charset=utf-8') };
    },
    {
      maxAgeMs: options.recheckMs,
      key: londonToday,
      // The answer's ETag is a hash of every open job's public form.
      same: (kept, read) => kept.answer.etag === read.answer.etag,
      recheckInBackground: true,
    },
  );
}

export type OpenJobsCache = ReturnType<typeof createOpenJobsCache>;
