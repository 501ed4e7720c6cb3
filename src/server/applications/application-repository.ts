import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applicationAdjustments, applicationNotes, applications, rightToWorkChecks } from '../db/schema';
import type { BlobStore, OpenedBlob } from '../blobs/blob-store';
import type { ChangeFeed } from '../db/change-feed';
import type { ApplicationMail } from '../email/application-mail';
import { recordEvent } from '../events/record-event';
import type { ApplicationDetail, ApplicationSummary } from '../../shared/applications/application-contract';
import { DUPLICATE_WINDOW_DAYS } from '../../shared/limits';
import { RIGHT_TO_WORK_KEEP_YEARS_AFTER_EMPLOYMENT } from '../../shared/right-to-work/right-to-work-contract';
import { londonToday } from '../../shared/format/calendar-date';
import type { StoredAnswer } from '../../shared/questions/question-contract';
import type { HeardAbout } from '../../shared/sources/source-contract';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  duplicateOf: applications.duplicateOf,
  stage: applications.stage,
  stageChangedAt: applications.stageChangedAt,
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
    duplicateOf: row.duplicateOf,
    stage: row.stage,
    stageChangedAt: row.stageChangedAt.toISOString(),
  };
};

/** An answer given to one question: a yes-or-no answer matches "yes" or "no", a list any one choice. */
function answeredSo(questionId: string, value: string) {
  const wanted = ({ yes: 'true', no: 'false' } as Record<string, string>)[value.toLowerCase()] ?? value;
  return sql`exists (
    select 1 from jsonb_array_elements(${applications.answers}) as given
    where given->>'id' = ${questionId}
      and (case jsonb_typeof(given->'answer')
        when 'array' then exists (
          select 1 from jsonb_array_elements_text(given->'answer') as choice
          where lower(choice) = lower(${value}))
        when 'boolean' then given->>'answer' = lower(${wanted})
        else lower(given->>'answer') = lower(${value})
      end))`;
}

/**
 * The list screen's search (docs/behaviour.md#search), as its client-side form answers it: the
 * lower-cased text within the name, the e-mail or the job title (the job name is the same title).
 * strpos rather than LIKE, so % and _ are only characters.
 */
function searchedFor(needle: string) {
  return sql`(strpos(lower(${applications.name}), ${needle}) > 0
    or strpos(lower(${applications.email}), ${needle}) > 0
    or strpos(lower(${applications.jobTitle}), ${needle}) > 0)`;
}

/** What GET /applications may narrow the list to (application-contract.ts). */
export interface ApplicationListFilter {
  question?: string | undefined;
  answer?: string | undefined;
  /** A search; blank or whitespace finds every application. */
  q?: string | undefined;
  /** Only the newest that many. */
  limit?: number | undefined;
}

export interface NewApplication {
  jobId: string;
  jobTitle: string;
  name: string;
  email: string;
  phone: string;
  about: string;
  cv: Buffer;
  /** The privacy notice version the form showed; absent when the client showed none. */
  privacyNoticeVersion?: string;
  /** What the applicant needs to apply or be interviewed; stored apart (application_adjustments). */
  adjustments?: string;
  /** The Disability Confident opt-in. */
  disabilityConfident?: boolean;
  /** The version of the job's questions answered (none when it asked none), and the answers. */
  questionSetId?: string | null;
  answers?: StoredAnswer[];
  /** Where it came from, as resolved (docs/behaviour.md#sources); `direct` when left out. */
  source?: string;
  referrerHost?: string | null;
  heardAbout?: HeardAbout | null;
}

/** An application old enough for the retention purge. */
export interface ExpiredApplication {
  id: string;
  name: string;
  email: string;
  jobTitle: string;
  createdAt: Date;
}

/** Every write that changes the list tells the change feed, so cached lists everywhere are dropped. */
export function createApplicationRepository(
  db: Db,
  blobs: BlobStore,
  changes: Pick<ChangeFeed, 'publish'>,
  options: {
    retentionDays: number;
    mail: ApplicationMail;
    /**
     * Deletes, in the deleting transaction, what is kept of the applications elsewhere with no
     * key to cascade from (their equality monitoring returns).
     */
    forget?: (tx: Db, ids: readonly string[]) => Promise<void>;
  },
) {
  const purgeAfter = (createdAt: Date) =>
    new Date(createdAt.getTime() + options.retentionDays * DAY_MS).toISOString().slice(0, 10);

  /**
   * When the purge will delete an application (as `expired` decides): a hire with a completed
   * right-to-work check is kept for the employment and two years after it ends, so none while it
   * lasts (docs/behaviour.md#right-to-work-checks).
   */
  const keptUntil = (
    row: { createdAt: Date; stage: string },
    check: { evidenceKey: string | null; employmentEndedOn: string | null },
  ): string | null => {
    const recruitment = purgeAfter(row.createdAt);
    if (row.stage !== 'hired' || !check.evidenceKey) return recruitment;
    if (!check.employmentEndedOn) return null;
    const [year, rest] = [Number(check.employmentEndedOn.slice(0, 4)), check.employmentEndedOn.slice(4)];
    const afterEmployment = `${year + RIGHT_TO_WORK_KEEP_YEARS_AFTER_EMPLOYMENT}${rest === '-02-29' ? '-03-01' : rest}`;
    return afterEmployment > recruitment ? afterEmployment : recruitment;
  };

  /** The first application this one repeats: same address, same job, within the duplicate window. */
  const earlierApplication = async (email: string, jobId: string): Promise<string | null> => {
    const [row] = await db
      .select({ id: applications.id, duplicateOf: applications.duplicateOf })
      .from(applications)
      .where(
        and(
          eq(applications.email, email),
          eq(applications.jobId, jobId),
          gte(applications.createdAt, new Date(Date.now() - DUPLICATE_WINDOW_DAYS * DAY_MS)),
        ),
      )
      .orderBy(asc(applications.createdAt))
      .limit(1);
    return row ? (row.duplicateOf ?? row.id) : null;
  };

  const remove = async (id: string): Promise<boolean> => {
    let found = false;
    await blobs.remove(async (tx) => {
      // The right-to-work evidence's key, read before the cascade deletes its row.
      const evidence = await tx
        .select({ key: rightToWorkChecks.evidenceKey })
        .from(rightToWorkChecks)
        .where(eq(rightToWorkChecks.applicationId, id));
      const rows = await tx
        .delete(applications)
        .where(eq(applications.id, id))
        .returning({ cvKey: applications.cvKey });
      found = rows.length > 0;
      if (found) await options.forget?.(tx, [id]);
      return [rows[0]?.cvKey, ...evidence.map((row) => row.key)];
    });
    if (found) changes.publish('applications');
    return found;
  };

  /** Whose CV an application holds, and under which blob key (none when it has no CV). */
  const cvOwner = async (id: string): Promise<{ name: string; email: string; cvKey: string } | undefined> => {
    const [row] = await db
      .select({ name: applications.name, email: applications.email, cvKey: applications.cvKey })
      .from(applications)
      .where(eq(applications.id, id))
      .limit(1);
    return row?.cvKey ? { name: row.name, email: row.email, cvKey: row.cvKey } : undefined;
  };

  return {
    /**
     * The answer goes out only once the CV and the row are both durable (see BlobStore), and the
     * row commits together with its queued e-mails: an application stored is an application mailed.
     */
    async create(input: NewApplication): Promise<{ id: string; duplicateOf: string | null }> {
      const id = randomUUID();
      const {
        cv,
        privacyNoticeVersion,
        adjustments,
        disabilityConfident,
        questionSetId = null,
        answers = [],
        ...fields
      } = input;
      const duplicateOf = await earlierApplication(fields.email, fields.jobId);
      const confirm = await options.mail.mayConfirm(fields.email);
      await blobs.store(id, cv, async (tx) => {
        const [stored] = await tx
          .insert(applications)
          .values({
            ...fields,
            id,
            cvKey: id,
            cvSize: cv.length,
            duplicateOf,
            privacyNoticeVersion: privacyNoticeVersion ?? null,
            privacyAcknowledgedAt: privacyNoticeVersion ? new Date() : null,
            questionSetId,
            answers,
          })
          .returning({ createdAt: applications.createdAt });
        if (adjustments || disabilityConfident) {
          await tx.insert(applicationAdjustments).values({
            applicationId: id,
            adjustments: adjustments || null,
            disabilityConfident: disabilityConfident ?? false,
          });
        }
        await recordEvent(tx, { type: 'application-received', applicationId: id, jobId: fields.jobId });
        await options.mail.queue(
          tx,
          { ...fields, id, createdAt: stored!.createdAt, cvSize: cv.length },
          { confirm, adjustmentsAsked: Boolean(adjustments || disabilityConfident) },
        );
      });
      options.mail.queued();
      changes.publish('applications');
      return { id, duplicateOf };
    },
    /**
     * Newest first; with a filter, only those that answered that question so (a choice among
     * theirs, or the whole answer, in any case; yes and no for a yes-or-no question).
     */
    async list(filter?: ApplicationListFilter): Promise<ApplicationSummary[]> {
      const answered = filter?.question !== undefined && filter.answer !== undefined;
      const needle = filter?.q?.trim().toLowerCase();
      const query = db
        .select(summaryColumns)
        .from(applications)
        .where(
          and(
            answered ? answeredSo(filter.question!, filter.answer!) : undefined,
            needle ? searchedFor(needle) : undefined,
          ),
        )
        // The id breaks ties, so a page and the whole list agree on the order.
        .orderBy(desc(applications.createdAt), desc(applications.id));
      const rows = filter?.limit === undefined ? await query : await query.limit(filter.limit);
      return rows.map(toSummary);
    },
    /**
     * Every application, newest first, as `list()` answers them, a chunk of `size` at a time: the
     * event loop turns between chunks (PGlite reads in this thread), so other requests are
     * answered while 10,000 rows are read. Each chunk starts below the last one's row, by the
     * exact stored time (its text, to the microsecond) and id.
     */
    async *listInChunks(size: number): AsyncGenerator<ApplicationSummary[]> {
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const rows = await db
          .select({ ...summaryColumns, at: sql<string>`${applications.createdAt}::text` })
          .from(applications)
          .where(
            after &&
              sql`${applications.createdAt} <= ${after.at}::timestamptz
                and (${applications.createdAt} < ${after.at}::timestamptz or ${applications.id} < ${after.id}::uuid)`,
          )
          .orderBy(desc(applications.createdAt), desc(applications.id))
          .limit(size);
        if (rows.length > 0) yield rows.map(toSummary);
        if (rows.length < size) return;
        const last = rows.at(-1)!;
        after = { at: last.at, id: last.id };
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async find(
      id: string,
    ): Promise<(ApplicationDetail & { cvKey: string | null; agreedAdjustment: string | null }) | undefined> {
      const [found] = await db
        .select({
          row: applications,
          disabilityConfident: applicationAdjustments.disabilityConfident,
          agreedAdjustment: applicationAdjustments.agreed,
          evidenceKey: rightToWorkChecks.evidenceKey,
          employmentEndedOn: rightToWorkChecks.employmentEndedOn,
        })
        .from(applications)
        .leftJoin(applicationAdjustments, eq(applicationAdjustments.applicationId, applications.id))
        .leftJoin(rightToWorkChecks, eq(rightToWorkChecks.applicationId, applications.id))
        .where(eq(applications.id, id))
        .limit(1);
      const row = found?.row;
      return (
        row && {
          ...toSummary(row),
          about: row.about,
          privacyNoticeVersion: row.privacyNoticeVersion,
          privacyAcknowledgedAt: row.privacyAcknowledgedAt?.toISOString() ?? null,
          retentionHold: row.retentionHold,
          purgeAfter: keptUntil(row, found),
          interviewIfMinimumCriteriaMet: found.disabilityConfident === true,
          answers: row.answers,
          source: row.source,
          referrerHost: row.referrerHost,
          heardAbout: (row.heardAbout as HeardAbout | null) ?? null,
          cvKey: row.cvKey,
          // What the adjustments contact agreed for the interview (never the request): the team's
          // answer carries it (docs/security.md#adjustments).
          agreedAdjustment: found.agreedAdjustment ?? null,
        }
      );
    },
    /** Every application from one e-mail address, oldest first. */
    async idsForEmail(email: string): Promise<string[]> {
      const rows = await db
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.email, email))
        .orderBy(asc(applications.createdAt));
      return rows.map((row) => row.id);
    },
    async countNotes(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(applicationNotes)
        .where(inArray(applicationNotes.applicationId, ids));
      return row?.n ?? 0;
    },
    async setHold(id: string, hold: boolean): Promise<{ email: string; changed: boolean } | undefined> {
      const [before] = await db
        .select({ email: applications.email, hold: applications.retentionHold })
        .from(applications)
        .where(eq(applications.id, id));
      if (!before) return undefined;
      if (before.hold === hold) return { email: before.email, changed: false };
      await db.update(applications).set({ retentionHold: hold }).where(eq(applications.id, id));
      return { email: before.email, changed: true };
    },
    /**
     * Applications created before `cutoff`, not on hold, and not a hire whose right-to-work check
     * is complete (kept until two years after the employment ends: docs/behaviour.md#right-to-work-checks):
     * what the retention purge deletes.
     */
    async expired(cutoff: Date, now = new Date()): Promise<ExpiredApplication[]> {
      const [year, rest] = [Number(londonToday(now).slice(0, 4)), londonToday(now).slice(4)];
      // The employment ended on or before this day more than two years ago (29 February meets 1 March).
      const endedBefore = `${year - RIGHT_TO_WORK_KEEP_YEARS_AFTER_EMPLOYMENT}${rest === '-02-29' ? '-02-28' : rest}`;
      const keptHire = db
        .select({ one: sql`1` })
        .from(rightToWorkChecks)
        .where(
          and(
            eq(rightToWorkChecks.applicationId, applications.id),
            isNotNull(rightToWorkChecks.evidenceKey),
            or(
              sql`${rightToWorkChecks.employmentEndedOn} is null`,
              gte(rightToWorkChecks.employmentEndedOn, endedBefore),
            ),
          ),
        );
      return db
        .select({
          id: applications.id,
          name: applications.name,
          email: applications.email,
          jobTitle: applications.jobTitle,
          createdAt: applications.createdAt,
        })
        .from(applications)
        .where(
          and(
            lt(applications.createdAt, cutoff),
            eq(applications.retentionHold, false),
            or(sql`${applications.stage} <> 'hired'`, notExists(keptHire)),
          ),
        )
        .orderBy(asc(applications.createdAt));
    },
    cvOwner,
    /** The CV opened for reading a piece at a time (blobs/blob-store.ts#open), with its owner. */
    async openCv(id: string): Promise<{ name: string; email: string; cv: OpenedBlob } | undefined> {
      const owner = await cvOwner(id);
      const cv = owner && (await blobs.open(owner.cvKey));
      return cv && { name: owner.name, email: owner.email, cv };
    },
    /** Deletes the application, its CV and (by cascade) its notes. */
    remove,
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
