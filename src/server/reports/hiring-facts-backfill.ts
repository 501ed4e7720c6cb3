import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { domainEventSubscribers, settings } from '../db/schema';
import { factsFromHistory, writeFacts } from './hiring-facts';

/** The settings row that records the step as done (docs/operations.md#migrations). */
export const HIRING_FACTS_BACKFILL_KEY = 'data-step:hiring-facts-from-history';

/** The name reports-module.ts gives its subscriber: its place in the database, kept. */
export const HIRING_FACTS_SUBSCRIBER = 'reports';

/**
 * Makes the facts of the history recorded before the reports' subscriber first ran, once, at
 * start-up after it is registered (docs/behaviour.md#reports): each application's arrival and
 * each stage move in its history (the audit trail). Everything after that moment is the
 * subscriber's, so nothing is counted twice. SQL alone cannot count working days, hence a step
 * rather than the migration. With PostgreSQL the settings row is claimed in the same
 * transaction, so of instances starting together one does it and the others find it done.
 * Returns how many facts it made.
 */
export async function backfillHiringFacts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: HIRING_FACTS_BACKFILL_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return 0;
    const [subscriber] = await tx
      .select({ since: domainEventSubscribers.createdAt })
      .from(domainEventSubscribers)
      .where(eq(domainEventSubscribers.name, HIRING_FACTS_SUBSCRIBER));
    const facts = await factsFromHistory(tx, { before: subscriber?.since ?? new Date() });
    await writeFacts(tx, facts);
    return facts.length;
  });
}
