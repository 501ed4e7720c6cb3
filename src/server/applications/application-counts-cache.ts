import type { ApplicationCounts } from '../../shared/applications/stage-contract';
import type { ChangeFeed } from '../db/change-feed';
import { createChangeCache } from '../db/change-cache';
import { createRepresentation } from '../http/representation';
import type { StageRepository } from './stage-repository';

/**
 * GET /api/applications/counts's answer, which every open admin screen polls: counted once, then
 * sent from memory (and revalidated with a 304) until an application is added, removed or moves
 * stage on any instance.
 */
export function createApplicationCountsCache(
  stages: Pick<StageRepository, 'counts'>,
  changes: ChangeFeed,
  serialize: (counts: ApplicationCounts) => string,
) {
  return createChangeCache(
    changes,
    'applications',
    async () => createRepresentation(serialize(await stages.counts()), 'application/json; charset=utf-8'),
    { maxAgeMs: 60_000 },
  );
}

export type ApplicationCountsCache = ReturnType<typeof createApplicationCountsCache>;
