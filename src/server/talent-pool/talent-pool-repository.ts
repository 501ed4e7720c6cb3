import { randomUUID } from 'node:crypto';
import { and, arrayContains, asc, eq, isNotNull, isNull, like, lte, sql } from 'drizzle-orm';
import {
  type ExportedPoolMember,
  POOL_CONSENT_DAYS,
  POOL_RENEWAL_ASK_DAY,
  type PoolMember,
  type PoolMemberView,
  type PoolNoticeVersion,
} from '../../shared/talent-pool/talent-pool-contract';
import { APPLICANT_ACTOR, type AuditAction } from '../../shared/privacy/audit-contract';
import type { Db } from '../db/database';
import { applications, auditEntries, emailOutbox } from '../db/schema';
import type { BlobStore, OpenedBlob } from '../blobs/blob-store';
import type { ExportFileReader } from '../domain-module/server-module';
import type { ErasureLog } from '../erasures/erasure-log';
import { erasedSubject, type AuditRepository } from '../audit/audit-repository';
import { enqueueEmails, type QueuedEmail } from '../email/email-outbox';
import { digest, isSecretTokenShaped } from '../http/secret-token';
import { POOL_DOMAIN } from './talent-pool-links';
import { talentPoolMembers as members, talentPoolOffers } from './talent-pool-tables';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An unconfirmed request to join is kept this long for its link to be opened, then purged. */
export const POOL_CONFIRM_DAYS = 7;

export const consentEndFrom = (from: Date): Date => new Date(from.getTime() + POOL_CONSENT_DAYS * DAY_MS);
const renewalDueBefore = (now: Date): Date =>
  new Date(now.getTime() + (POOL_CONSENT_DAYS - POOL_RENEWAL_ASK_DAY) * DAY_MS);

type Row = typeof members.$inferSelect;
/** A member as the e-mails and the audit need them. */
export type PoolRow = Pick<Row, 'id' | 'email' | 'name'>;

const view = (row: Row, now: Date): PoolMemberView => ({
  name: row.name,
  email: row.email,
  departments: row.departments,
  appliedFor: row.appliedFor,
  hasCv: row.cvKey !== null,
  confirmed: row.confirmedAt !== null,
  consentGivenAt: row.consentGivenAt.toISOString(),
  consentEndsAt: row.consentEndsAt.toISOString(),
  renewable: row.confirmedAt !== null && row.consentEndsAt <= renewalDueBefore(now),
});

const listed = (row: Row): PoolMember => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  departments: row.departments,
  appliedFor: row.appliedFor,
  tags: row.tags,
  hasCv: row.cvKey !== null,
  source: row.source === 'application' ? 'application' : 'careers',
  consentGivenAt: row.consentGivenAt.toISOString(),
  consentEndsAt: row.consentEndsAt.toISOString(),
  lastInvitedAt: row.lastInvitedAt?.toISOString() ?? null,
});

/** What a removal leaves in the audit trail: the address by digest only, as an erasure's entry. */
const POOL_AUDIT_PREFIX = 'talent-pool-';

/**
 * What the root reads of the pool for other parts (root/start-server.ts): the access export
 * (privacy/subject-requests.ts) and the orphaned-CV sweep.
 */
export function createTalentPoolReader(deps: { db: Db }) {
  const { db } = deps;
  const byEmail = async (email: string) =>
    (await db.select().from(members).where(eq(members.email, email)).limit(1))[0];
  return {
    /** What an access export holds of the address: the membership, its tags and CV. */
    async exportFor(email: string, readFile: ExportFileReader): Promise<ExportedPoolMember | null> {
      const row = await byEmail(email.trim().toLowerCase());
      if (!row) return null;
      const cv = row.cvKey ? await readFile(row.cvKey) : undefined;
      return {
        ...listed(row),
        noticeVersion: row.noticeVersion,
        cv: cv ? { size: cv.size, contentType: 'application/pdf', base64: cv.base64 } : null,
      };
    },

    /** The CV keys the pool's rows hold, so the orphan sweep leaves them (root/start-server.ts). */
    async cvKeys(): Promise<Set<string>> {
      const rows = await db.select({ key: members.cvKey }).from(members).where(isNotNull(members.cvKey));
      return new Set(rows.map((row) => row.key!));
    },
  };
}

export type TalentPoolReader = ReturnType<typeof createTalentPoolReader>;

/**
 * The talent pool's rows, CVs and links (docs/architecture.md#server-modules). Every change that
 * e-mails queues its message in the same transaction (email/email-outbox.ts#enqueueEmails).
 */
export function createTalentPoolRepository(deps: {
  db: Db;
  blobs: BlobStore;
  audit: AuditRepository;
  erasureLog: ErasureLog;
}) {
  const { db, blobs, audit, erasureLog } = deps;

  const byEmail = async (tx: Db, email: string) =>
    (await tx.select().from(members).where(eq(members.email, email)).limit(1))[0];

  /** Removes a member with their CV, their pool e-mails and pool audit entries, leaving one entry by digest. */
  const removeMember = async (row: Row, action: AuditAction, actorEmail: string, detail: string) => {
    // Logged first, so a restore of an older backup leaves the member out (backups/restore.ts).
    await erasureLog.record({ action: 'talent-pool', email: row.email });
    await blobs.remove(async (tx) => {
      await tx.delete(members).where(eq(members.id, row.id));
      await tx
        .delete(emailOutbox)
        .where(
          and(
            eq(emailOutbox.recipient, row.email),
            isNull(emailOutbox.applicationId),
            like(emailOutbox.body, `%[[link:${POOL_DOMAIN}:${row.id}]]%`),
          ),
        );
      await tx
        .delete(auditEntries)
        .where(
          and(eq(auditEntries.subjectEmail, row.email), like(auditEntries.action, `${POOL_AUDIT_PREFIX}%`)),
        );
      await audit.recordIn(tx, [{ action, actorEmail, subjectEmail: erasedSubject(row.email), detail }]);
      return row.cvKey;
    });
  };

  return {
    ...createTalentPoolReader({ db }),

    /**
     * A request to join from the careers site. A new address waits unconfirmed, with the CV if one
     * came; an unconfirmed one is replaced by the newer request; a confirmed one is left as it is
     * (only its owner changes it) and only gets its link again. `mail` queues the e-mail.
     */
    async requestJoin(
      input: {
        name: string;
        email: string;
        departments: string[];
        noticeVersion: PoolNoticeVersion;
        cv?: Buffer;
      },
      now: Date,
      mail: (tx: Db, member: PoolRow, state: 'new' | 'member') => QueuedEmail[],
    ): Promise<void> {
      const existing = await byEmail(db, input.email);
      if (existing?.confirmedAt) {
        await db.transaction(async (tx) =>
          enqueueEmails(tx as unknown as Db, mail(tx as unknown as Db, existing, 'member')),
        );
        return;
      }
      const values = {
        name: input.name,
        departments: input.departments,
        source: 'careers',
        noticeVersion: input.noticeVersion,
        consentGivenAt: now,
        consentEndsAt: new Date(now.getTime() + POOL_CONFIRM_DAYS * DAY_MS),
        cvKey: input.cv ? randomUUID() : null,
        cvSize: input.cv?.length ?? null,
      };
      const write = async (tx: Db) => {
        const [row] = await tx
          .insert(members)
          .values({ email: input.email, ...values })
          .onConflictDoUpdate({ target: members.email, set: values, where: isNull(members.confirmedAt) })
          .returning();
        // A confirmation raced this request: the member stays as they are.
        if (row) await enqueueEmails(tx, mail(tx, row, 'new'));
      };
      if (input.cv && values.cvKey) await blobs.store(values.cvKey, input.cv, write);
      else await db.transaction(async (tx) => write(tx as unknown as Db));
      if (existing?.cvKey) await blobs.remove(async () => existing.cvKey);
    },

    /**
     * Keeps an applicant's details from their private page (their link proves the address): the
     * member is confirmed at once, for 12 months from now; an existing member's consent is renewed
     * and the departments added.
     */
    async keepApplicant(
      applicant: { name: string; email: string; jobTitle: string },
      departments: string[],
      noticeVersion: PoolNoticeVersion,
      now: Date,
      mail: (member: PoolRow) => QueuedEmail[],
    ): Promise<PoolMemberView> {
      return db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const values = {
          name: applicant.name,
          appliedFor: applicant.jobTitle,
          source: 'application',
          noticeVersion,
          consentGivenAt: now,
          confirmedAt: now,
          consentEndsAt: consentEndFrom(now),
          renewalAskedAt: null,
        };
        const [row] = await tx
          .insert(members)
          .values({ email: applicant.email, departments, ...values })
          .onConflictDoUpdate({
            target: members.email,
            set: {
              ...values,
              departments: sql`array(select distinct unnest(${members.departments} || excluded.departments))`,
            },
          })
          .returning();
        await enqueueEmails(tx, mail(row!));
        await audit.recordIn(tx, [
          {
            action: 'talent-pool-joined',
            actorEmail: APPLICANT_ACTOR,
            subjectEmail: applicant.email,
            detail: noticeVersion,
          },
        ]);
        return view(row!, now);
      });
    },

    /** Whether an address is in the pool (confirmed), and until when. */
    async offerFor(email: string): Promise<{ inPool: boolean; consentEndsAt: string | null }> {
      const row = await byEmail(db, email);
      return row?.confirmedAt
        ? { inPool: true, consentEndsAt: row.consentEndsAt.toISOString() }
        : { inPool: false, consentEndsAt: null };
    },

    /** The application a rejection's offer link opens: who may be kept, and for what role. */
    async offerApplicant(
      token: string,
    ): Promise<{ name: string; email: string; jobTitle: string; stage: string } | undefined> {
      if (!isSecretTokenShaped(token)) return undefined;
      const [row] = await db
        .select({
          name: applications.name,
          email: applications.email,
          jobTitle: applications.jobTitle,
          stage: applications.stage,
        })
        .from(talentPoolOffers)
        .innerJoin(applications, eq(applications.id, talentPoolOffers.applicationId))
        .where(eq(talentPoolOffers.tokenHash, digest(token)))
        .limit(1);
      return row;
    },

    async findByToken(token: string): Promise<Row | undefined> {
      if (!isSecretTokenShaped(token)) return undefined;
      const [row] = await db
        .select()
        .from(members)
        .where(eq(members.tokenHash, digest(token)))
        .limit(1);
      return row;
    },

    view,

    /** The e-mail link opened and confirmed: 12 months of consent from now. */
    async confirm(row: Row, now: Date): Promise<PoolMemberView> {
      if (row.confirmedAt) return view(row, now);
      const [updated] = await db
        .update(members)
        .set({ confirmedAt: now, consentGivenAt: now, consentEndsAt: consentEndFrom(now) })
        .where(eq(members.id, row.id))
        .returning();
      audit.record({
        action: 'talent-pool-joined',
        actorEmail: APPLICANT_ACTOR,
        subjectEmail: row.email,
        detail: row.noticeVersion,
      });
      return view(updated!, now);
    },

    /** Another 12 months from now, asked for from the member's page. */
    async renew(row: Row, now: Date): Promise<PoolMemberView> {
      const [updated] = await db
        .update(members)
        .set({ consentGivenAt: now, consentEndsAt: consentEndFrom(now), renewalAskedAt: null })
        .where(eq(members.id, row.id))
        .returning();
      audit.record({ action: 'talent-pool-renewed', actorEmail: APPLICANT_ACTOR, subjectEmail: row.email });
      return view(updated!, now);
    },

    /** "Leave the pool now": erased at once, the audit trail keeping the fact by digest. */
    async leave(row: Row): Promise<void> {
      await removeMember(row, 'talent-pool-left', APPLICANT_ACTOR, 'Left the talent pool');
    },

    /** Administrators' list, newest first, filtered by a department's slug and a tag. */
    async list(filter: { department?: string; tag?: string }): Promise<PoolMember[]> {
      const rows = await db
        .select()
        .from(members)
        .where(
          and(
            isNotNull(members.confirmedAt),
            filter.department ? arrayContains(members.departments, [filter.department]) : undefined,
            filter.tag ? arrayContains(members.tags, [filter.tag]) : undefined,
          ),
        )
        .orderBy(asc(members.name));
      return rows.map(listed);
    },

    async confirmedById(id: string): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(members)
        .where(and(eq(members.id, id), isNotNull(members.confirmedAt)))
        .limit(1);
      return row;
    },

    async setTags(row: Row, tags: string[], actorEmail: string): Promise<PoolMember> {
      const unique = [...new Set(tags)];
      const [updated] = await db
        .update(members)
        .set({ tags: unique })
        .where(eq(members.id, row.id))
        .returning();
      audit.record({
        action: 'talent-pool-tags',
        actorEmail,
        subjectEmail: row.email,
        detail: unique.join(', '),
      });
      return listed(updated!);
    },

    /** The invitation to apply: queued and audited in one transaction. */
    async invite(
      row: Row,
      jobTitle: string,
      email: QueuedEmail,
      actorEmail: string,
      now: Date,
    ): Promise<PoolMember> {
      return db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const [updated] = await tx
          .update(members)
          .set({ lastInvitedAt: now })
          .where(eq(members.id, row.id))
          .returning();
        await enqueueEmails(tx, [email]);
        await audit.recordIn(tx, [
          { action: 'talent-pool-invite', actorEmail, subjectEmail: row.email, detail: jobTitle },
        ]);
        return listed(updated!);
      });
    },

    /**
     * Day 335 of 365: each confirmed member whose consent ends within 30 days and who has not been
     * asked is asked once, the mark and the e-mail in one transaction. Answers how many.
     */
    async askRenewals(now: Date, mail: (member: PoolRow) => QueuedEmail[]): Promise<number> {
      return db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const due = await tx
          .update(members)
          .set({ renewalAskedAt: now })
          .where(
            and(
              isNotNull(members.confirmedAt),
              isNull(members.renewalAskedAt),
              lte(members.consentEndsAt, renewalDueBefore(now)),
            ),
          )
          .returning({ id: members.id, email: members.email, name: members.name });
        await enqueueEmails(tx, due.flatMap(mail));
        return due.length;
      });
    },

    /** Every member whose consent (or unconfirmed request) has ended, erased; answers how many. */
    async purgeEnded(now: Date): Promise<number> {
      const ended = await db.select().from(members).where(lte(members.consentEndsAt, now));
      for (const row of ended) {
        await removeMember(
          row,
          'talent-pool-purged',
          'retention',
          row.confirmedAt ? 'Consent ended' : 'Never confirmed',
        );
      }
      return ended.length;
    },

    /** An erasure of the whole address (privacy/): the member goes with the rest. */
    async eraseSubject(email: string): Promise<void> {
      const row = await byEmail(db, email.trim().toLowerCase());
      if (row) await removeMember(row, 'talent-pool-left', 'erasure', 'Erased with the address');
    },

    /** The member's CV opened for reading a piece at a time (blobs/blob-store.ts#open). */
    async openCv(row: Row): Promise<OpenedBlob | undefined> {
      return row.cvKey ? blobs.open(row.cvKey) : undefined;
    },
  };
}

export type TalentPoolRepository = ReturnType<typeof createTalentPoolRepository>;
