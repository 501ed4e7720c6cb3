import { sql } from 'drizzle-orm';
import { readinessSchema, type Readiness } from '../../shared/metrics/readiness-contract';
import type { Database } from '../db/database';
import type { Api } from '../domain-module/route-types';
import { apiPaths } from '../../shared/http/api-routes';

/**
 * How long the database has to answer `select 1`. A database that does not answer at all (a
 * host gone from the network) would otherwise hold the check as long as TCP waits, minutes.
 */
export const DATABASE_CHECK_MS = 3000;

/** True when the database answers a trivial query in time; never throws. */
export async function databaseAnswers(database: Database, timeoutMs = DATABASE_CHECK_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([
      database.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the readiness answer uses of the server's parts (see app-context.ts). */
export interface ReadinessRouteDeps {
  database: Database;
  changes: { status(): { connected: boolean } };
}

/**
 * `GET /api/ready`, beside `/api/health`: 503 while the database does not answer or the change
 * feed is not listening (this instance would serve what other instances changed meanwhile), so
 * a load balancer sends no traffic here until both are back. Health says the process is alive.
 */
export function readinessRoutes(app: Api, context: ReadinessRouteDeps): void {
  app.get(
    apiPaths.ready.pattern,
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: whether the database and the change feed are up',
        operationId: 'getReadiness',
        security: [],
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const database = (await databaseAnswers(context.database)) ? 'up' : 'down';
      const changeFeed = context.changes.status().connected ? 'up' : 'down';
      const ready = database === 'up' && changeFeed === 'up';
      const answer: Readiness = { status: ready ? 'ready' : 'not ready', database, changeFeed };
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(answer);
    },
  );
}
