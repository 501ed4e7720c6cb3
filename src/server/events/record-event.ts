import { sql } from 'drizzle-orm';
import type { DomainEvent } from '../../shared/events/domain-events';
import type { Db } from '../db/database';
import { insertJsonRows } from '../db/json-rows';
import { domainEventDeliveries, domainEventSubscribers, domainEvents } from '../db/schema';

/**
 * Records events inside the caller's transaction, the one that makes the change they announce:
 * they exist exactly when it commits, and a rolled-back change announces nothing. Each event gets
 * a delivery for every subscriber registered by then that hears its type (event-dispatcher.ts),
 * in the same single statement, so a bulk stage move of thousands costs one round trip, and a
 * subscriber to published jobs is not handed every stage move.
 */
export async function recordEvents(tx: Db, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(({ type, ...payload }) => ({ type, payload }));
  await tx.execute(
    sql`with recorded as (${insertJsonRows(domainEvents, ['type', 'payload'], rows)} returning ${domainEvents.id}, ${domainEvents.type})
      insert into ${domainEventDeliveries} (${sql.identifier(domainEventDeliveries.subscriber.name)}, ${sql.identifier(domainEventDeliveries.eventId.name)})
      select ${domainEventSubscribers.name}, recorded.id from recorded cross join ${domainEventSubscribers}
      where ${domainEventSubscribers.hears} is null or recorded.type = any(${domainEventSubscribers.hears})`,
  );
}

/** One event, in the caller's transaction (see `recordEvents`). */
export const recordEvent = (tx: Db, event: DomainEvent): Promise<void> => recordEvents(tx, [event]);
