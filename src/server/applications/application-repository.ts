import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applications } from '../db/schema';
import type { BlobStore } from '../blobs/blob-store';
import type { ApplicationDetail, ApplicationSummary } from '../../shared/applications/application-contract';

type ApplicationRow = typeof applications.$inferSelect;

const summaryColumns = {
  id: applications.id,
  name: applications.name,
  email: applications.email,
  phone: applications.phone,
  jobId: applications.jobId,
  jobTitle: applications.jobTitle,
  cvKey: applications.cvKey,
  cvSize: applications.cvSize,
  createdAt: applications.createdAt,
};
type SummaryRow = Pick<ApplicationRow, keyof typeof summaryColumns>;

export const toSummary = (row: SummaryRow): ApplicationSummary => {
  const applied = row.createdAt.toISOString();
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    number: row.phone,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    jobName: row.jobTitle,
    applyDate: applied,
    createdAt: applied,
    hasResume: row.cvKey !== null && row.cvSize > 0,
    pdfFileSize: row.cvSize,
    fileSize: row.cvSize,
  };
};

export interface NewApplication {
  jobId: string;
  jobTitle: string;
  name: string;
  email: string;
  phone: string;
  about: string;
  cv: Buffer;
}

/** A claimed e-mail is retried by another caller only after this long (the first one may have died). */
const EMAIL_CLAIM_TIMEOUT_MS = 2 * 60 * 1000;

export function createApplicationRepository(db: Db, blobs: BlobStore) {
  return {
    /** The answer goes out only once the CV and the row are both durable (see BlobStore). */
    async create(input: NewApplication): Promise<string> {
      const id = randomUUID();
      const { cv, ...fields } = input;
      await blobs.store(id, cv, async (tx) => {
        await tx.insert(applications).values({ ...fields, id, cvKey: id, cvSize: cv.length });
      });
      return id;
    },
    async list(): Promise<ApplicationSummary[]> {
      const rows = await db.select(summaryColumns).from(applications).orderBy(desc(applications.createdAt));
      return rows.map(toSummary);
    },
    async find(id: string): Promise<(ApplicationDetail & { cvKey: string | null }) | undefined> {
      const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
      return row && { ...toSummary(row), about: row.about, cvKey: row.cvKey };
    },
    async readCv(id: string): Promise<{ name: string; bytes: Buffer } | undefined> {
      const [row] = await db
        .select({ name: applications.name, cvKey: applications.cvKey })
        .from(applications)
        .where(eq(applications.id, id))
        .limit(1);
      if (!row?.cvKey) return undefined;
      const bytes = await blobs.get(row.cvKey);
      return bytes && { name: row.name, bytes };
    },
    async remove(id: string): Promise<boolean> {
      let found = false;
      await blobs.remove(async (tx) => {
        const rows = await tx
          .delete(applications)
          .where(eq(applications.id, id))
          .returning({ cvKey: applications.cvKey });
        found = rows.length > 0;
        return rows[0]?.cvKey;
      });
      return found;
    },
    /** The newest application matching the notification payload (and its id, when the client sent it). */
    async findForNotification(email: string, jobId: string, applicationId?: string) {
      const conditions = [eq(applications.email, email), eq(applications.jobId, jobId)];
      if (applicationId) conditions.push(eq(applications.id, applicationId));
      const [row] = await db
        .select()
        .from(applications)
        .where(and(...conditions))
        .orderBy(desc(isNull(applications.emailSentAt)), desc(applications.createdAt))
        .limit(1);
      return row;
    },
    /** Takes the right to send this application's e-mails; false when they went or are going already. */
    async claimEmail(id: string): Promise<boolean> {
      const staleBefore = new Date(Date.now() - EMAIL_CLAIM_TIMEOUT_MS);
      const rows = await db
        .update(applications)
        .set({ emailClaimedAt: new Date() })
        .where(
          and(
            eq(applications.id, id),
            isNull(applications.emailSentAt),
            or(isNull(applications.emailClaimedAt), lt(applications.emailClaimedAt, staleBefore)),
          ),
        )
        .returning({ id: applications.id });
      return rows.length > 0;
    },
    async markEmailSent(id: string): Promise<void> {
      await db.update(applications).set({ emailSentAt: new Date() }).where(eq(applications.id, id));
    },
    async releaseEmailClaim(id: string): Promise<void> {
      await db
        .update(applications)
        .set({ emailClaimedAt: null })
        .where(and(eq(applications.id, id), isNull(applications.emailSentAt)));
    },
    async cvKeys(): Promise<Set<string>> {
      const rows = await db
        .select({ key: applications.cvKey })
        .from(applications)
        .where(isNotNull(applications.cvKey));
      return new Set(rows.map((row) => row.key!));
    },
    async exists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.id, id))
        .limit(1);
      return row !== undefined;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(applications);
      return row?.n ?? 0;
    },
  };
}

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
