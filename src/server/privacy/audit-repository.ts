import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { auditEntries } from '../db/schema';
import type { AuditAction, AuditEntry } from '../../shared/privacy/audit-contract';

const toEntry = (row: typeof auditEntries.$inferSelect): AuditEntry => ({
  _id: row.id,
  applicationId: row.applicationId,
  action: row.action as AuditAction,
  actorEmail: row.actorEmail,
  createdAt: row.createdAt.toISOString(),
});

/**
 * After an erasure the audit keeps that it happened, but not whose data it was: the address is
 * kept only as a digest, enough to answer "was this address erased?" if asked again.
 */
export const erasedSubject = (email: string): string =>
  `erased:sha256:${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;

interface NewEntry {
  action: AuditAction;
  actorEmail: string;
  subjectEmail: string;
  applicationId?: string | null;
}

/** Entries wait this long at most before they are written, together, in one commit. */
const BATCH_MS = 20;

/**
 * The audit trail. Recording does not hold up the request it records (a CV download would
 * otherwise wait for a durable commit of its own): entries are written in small batches, and every
 * read, removal and shutdown writes what is waiting first, so nothing reads around a pending entry.
 */
export function createAuditRepository(db: Db, onError: (error: unknown) => void = () => undefined) {
  let pending: (typeof auditEntries.$inferInsert)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    writing = writing.then(async () => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      try {
        await db.insert(auditEntries).values(batch);
      } catch (error) {
        // Kept for the next write rather than lost.
        pending = [...batch, ...pending];
        onError(error);
      }
    });
    return writing;
  };

  return {
    /** Records who did what, when (the time is taken now, not when the batch is written). */
    record(entry: NewEntry): void {
      pending.push({ ...entry, applicationId: entry.applicationId ?? null, createdAt: new Date() });
      timer ??= setTimeout(() => void flush(), BATCH_MS);
    },
    flush,
    async forApplication(applicationId: string): Promise<AuditEntry[]> {
      await flush();
      const rows = await db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.applicationId, applicationId))
        .orderBy(asc(auditEntries.createdAt));
      return rows.map(toEntry);
    },
    async forSubject(email: string): Promise<AuditEntry[]> {
      await flush();
      const rows = await db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.subjectEmail, email))
        .orderBy(asc(auditEntries.createdAt));
      return rows.map(toEntry);
    },
    async removeApplication(applicationId: string): Promise<void> {
      await flush();
      await db.delete(auditEntries).where(eq(auditEntries.applicationId, applicationId));
    },
    async removeSubject(email: string): Promise<number> {
      await flush();
      const rows = await db
        .delete(auditEntries)
        .where(eq(auditEntries.subjectEmail, email))
        .returning({ id: auditEntries.id });
      return rows.length;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
