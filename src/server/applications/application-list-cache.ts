import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import type { ApplicationSummary } from '../../shared/applications/application-contract';
import type { ChangeFeed } from '../db/change-feed';
import { createChangeCache } from '../db/change-cache';
import { createRepresentation } from '../http/representation';
import type { ApplicationRepository } from './application-repository';

/** Rows read at a time; other requests are answered between the reads. */
const CHUNK_ROWS = 1000;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * GET /api/applications's answer: thousands of rows are read and written out once, then sent
 * from memory until an application is added or removed on any instance. At 10,000 it is a
 * second's work on a busy machine, so it is read a chunk at a time and compressed off the event
 * loop: the server answers other requests meanwhile (docs/architecture.md#application-list-cache).
 */
export function createApplicationListCache(
  applications: Pick<ApplicationRepository, 'listInChunks'>,
  changes: ChangeFeed,
  serialize: (rows: ApplicationSummary[]) => string,
) {
  return createChangeCache(
    changes,
    'applications',
    async () => {
      const parts: string[] = [];
      for await (const rows of applications.listInChunks(CHUNK_ROWS))
        parts.push(serialize(rows).slice(1, -1));
      const body = Buffer.from(`[${parts.join(',')}]`);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        gzip(body, { level: 6 }),
      ]);
      return createRepresentation(body, 'application/json; charset=utf-8', { br, gzip: gz });
    },
    { maxAgeMs: 60_000 },
  );
}

export type ApplicationListCache = ReturnType<typeof createApplicationListCache>;
