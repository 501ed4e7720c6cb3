import type { ApplicationSummary } from '../../shared/applications/application-contract';
import type { ChangeFeed } from '../db/change-feed';
import { createChangeCache } from '../db/change-cache';
import { createRepresentation } from '../http/representation';
import type { ApplicationRepository } from './application-repository';

/**
 * GET /api/applications's answer: thousands of rows are read and written out once, then sent
 * from memory until an application is added or removed on any instance.
 */
export function createApplicationListCache(
  applications: ApplicationRepository,
  changes: ChangeFeed,
  serialize: (rows: ApplicationSummary[]) => string,
) {
  return createChangeCache(
    changes,
    'applications',
    async () => createRepresentation(serialize(await applications.list()), 'application/json; charset=utf-8'),
    { maxAgeMs: 60_000 },
  );
}

export type ApplicationListCache = ReturnType<typeof createApplicationListCache>;
