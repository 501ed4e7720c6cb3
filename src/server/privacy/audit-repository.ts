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

export function createAuditRepository(db: Db) {
  return {
    async record(entry: {
      action: AuditAction;
      actorEmail: string;
      subjectEmail: string;
      applicationId?: string | null;
    }): Promise<void> {
      await db.insert(auditEntries).values({ ...entry, applicationId: entry.applicationId ?? null });
    },
    async forApplication(applicationId: string): Promise<AuditEntry[]> {
      const rows = await db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.applicationId, applicationId))
        .orderBy(asc(auditEntries.createdAt));
      return rows.map(toEntry);
    },
    async forSubject(email: string, tx: Db = db): Promise<AuditEntry[]> {
      const rows = await tx
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.subjectEmail, email))
        .orderBy(asc(auditEntries.createdAt));
      return rows.map(toEntry);
    },
    async removeApplication(applicationId: string): Promise<void> {
      await db.delete(auditEntries).where(eq(auditEntries.applicationId, applicationId));
    },
    async removeSubject(email: string, tx: Db = db): Promise<number> {
      const rows = await tx
        .delete(auditEntries)
        .where(eq(auditEntries.subjectEmail, email))
        .returning({ id: auditEntries.id });
      return rows.length;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
