import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/database';
import { auditEntries } from '../db/schema';
import { insertJsonRows } from '../db/json-rows';
import { digest } from '../http/secret-token';
import type { AuditAction, AuditEntry } from '../../shared/privacy/audit-contract';

const toEntry = (row: typeof auditEntries.$inferSelect): AuditEntry => ({
  _id: row.id,
  applicationId: row.applicationId,
  action: row.action as AuditAction,
  detail: row.detail,
  actorEmail: row.actorEmail,
  createdAt: row.createdAt.toISOString(),
});

/**
 * After an erasure the audit keeps that it happened, but not whose data it was: the address is
 * kept only as a digest, enough to answer "was this address erased?" if asked again.
 */
export const erasedSubject = (email: string): string => `erased:sha256:${digest(email.toLowerCase())}`;

interface NewEntry {
  action: AuditAction;
  actorEmail: string;
  subjectEmail: string;
  applicationId?: string | null;
  detail?: string | null;
}

/** Entries wait this long at most before they are written, together, in one commit. */
const BATCH_MS = 20;
/** One insert holds at most this many rows (a statement takes at most 65,535 parameters). */
const MAX_BATCH = 1000;
/** After a failed write the next try comes this long later, doubling up to the cap. */
const RETRY_FIRST_MS = 1000;
export const AUDIT_RETRY_MAX_MS = 30_000;

type Row = typeof auditEntries.$inferInsert;

/**
 * SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation): the database
 * refuses the row itself and always will. Anything else (an outage, a lost connection, a locked
 * or missing table) may pass on the next try.
 */
const refusesRow = (error: unknown): boolean => {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return /^2[23]/.test(code);
  }
  return false;
};

/** The database's own words, not the failed statement with its parameters (personal data). */
const reason = (error: unknown): string => {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return inner instanceof Error ? inner.message : String(inner);
};

export interface AuditLog {
  /** A write failed and its entries are kept for the try `retryInMs` later. */
  retrying(reason: string, retryInMs: number): void;
  /** An entry is given up: the database refused it, or it was still unwritten at shutdown. */
  dropped(entry: Row, reason: string): void;
}

const consoleLog: AuditLog = {
  retrying: (why, ms) => console.error(`audit trail: write failed (${why}); kept, next try in ${ms} ms`),
  dropped: (entry, why) =>
    console.error(
      `audit trail: entry dropped (${why}): ${JSON.stringify({ ...entry, createdAt: entry.createdAt?.toISOString() })}`,
    ),
};

/**
 * The audit trail. Recording does not hold up the request it records (a CV download would
 * otherwise wait for a durable commit of its own): entries are written in small batches, and every
 * read, removal and shutdown writes what is waiting first, so nothing reads around a pending entry.
 * A write that fails is tried again on a timer, with a growing pause, until the database takes it;
 * a batch the database refuses is written row by row, so one row it will never accept is logged
 * and dropped instead of holding back every entry after it.
 */
export function createAuditRepository(db: Db, log: AuditLog = consoleLog) {
  let pending: Row[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  let retryMs = 0;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), ms);
  };

  /** Writes `rows`; answers those not written because the database could not take them now. */
  const write = async (rows: Row[]): Promise<{ kept: Row[]; error?: unknown }> => {
    try {
      await db.insert(auditEntries).values(rows);
      return { kept: [] };
    } catch (error) {
      if (!refusesRow(error)) return { kept: rows, error };
      if (rows.length === 1) {
        log.dropped(rows[0]!, reason(error));
        return { kept: [] };
      }
    }
    // Some row in the batch is refused: find it by writing them one by one.
    for (const [index, row] of rows.entries()) {
      const { kept, error } = await write([row]);
      if (kept.length > 0) return { kept: rows.slice(index), error };
    }
    return { kept: [] };
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    writing = writing.then(async () => {
      while (pending.length > 0) {
        const batch = pending.slice(0, MAX_BATCH);
        pending = pending.slice(batch.length);
        const { kept, error } = await write(batch);
        if (kept.length > 0) {
          // Kept, in order, ahead of what arrived meanwhile, and tried again without waiting for a
          // new entry to come along.
          pending = [...kept, ...pending];
          retryMs = Math.min(AUDIT_RETRY_MAX_MS, retryMs ? retryMs * 2 : RETRY_FIRST_MS);
          log.retrying(reason(error), retryMs);
          schedule(retryMs);
          return;
        }
        retryMs = 0;
      }
    });
    return writing;
  };

  return {
    /** Records who did what, when (the time is taken now, not when the batch is written). */
    record(entry: NewEntry): void {
      pending.push({
        ...entry,
        applicationId: entry.applicationId ?? null,
        detail: entry.detail ?? null,
        createdAt: new Date(),
      });
      // While a retry waits, the new entry waits with it.
      if (!timer) schedule(BATCH_MS);
    },
    flush,
    /** Entries recorded but not yet written: a batch on its way, or kept while the database refuses them. */
    backlog: (): number => pending.length,
    /**
     * Writes entries inside the caller's transaction, for a change whose history must never be
     * lost or lag behind it (a stage change): they commit, or roll back, with the change itself,
     * and carry the transaction's time.
     */
    async recordIn(tx: Db, entries: NewEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await tx.execute(
        insertJsonRows(
          auditEntries,
          ['applicationId', 'subjectEmail', 'actorEmail', 'action', 'detail'],
          entries.map((entry) => ({
            ...entry,
            applicationId: entry.applicationId ?? null,
            detail: entry.detail ?? null,
          })),
        ),
      );
    },
    /** Writes what is waiting, once; what the database still does not take is logged as dropped. */
    async close(): Promise<void> {
      await flush();
      clearTimeout(timer);
      timer = undefined;
      for (const entry of pending) log.dropped(entry, 'still unwritten at shutdown');
      pending = [];
    },
    async forApplication(applicationId: string): Promise<AuditEntry[]> {
      await flush();
      const rows = await db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.applicationId, applicationId))
        .orderBy(asc(auditEntries.createdAt), asc(auditEntries.seq));
      return rows.map(toEntry);
    },
    /** Every entry about the address, and with `applicationIds` every entry about those applications too. */
    async forSubject(email: string, applicationIds: string[] = []): Promise<AuditEntry[]> {
      await flush();
      const about = eq(auditEntries.subjectEmail, email);
      const rows = await db
        .select()
        .from(auditEntries)
        .where(
          applicationIds.length === 0
            ? about
            : or(about, inArray(auditEntries.applicationId, applicationIds)),
        )
        .orderBy(asc(auditEntries.createdAt), asc(auditEntries.seq));
      return rows.map(toEntry);
    },
    async removeApplication(applicationId: string): Promise<number> {
      await flush();
      const rows = await db
        .delete(auditEntries)
        .where(eq(auditEntries.applicationId, applicationId))
        .returning({ id: auditEntries.id });
      return rows.length;
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
