import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  applicationInterviewers,
  applicationReplies,
  applications,
  interviewBookings,
  interviewSlots,
  scorecards,
} from '../db/schema';
import { insertJsonRows } from '../db/json-rows';
import type { ChangeFeed } from '../db/change-feed';
import type { EmailOutbox, QueuedEmail } from '../email/email-outbox';
import { recordEvents } from '../events/record-event';
import type { MailOptions } from '../email/mail-options';
import { replyEmail, type RepliedApplication } from '../email/templates/reply-emails';
import { withTalentPoolOffer } from '../email/templates/talent-pool-offer';
import type { AuditRepository } from '../audit/audit-repository';
import type { ReplyTemplateRepository } from './reply-template-repository';
import { isId } from '../../shared/http/id';
import {
  applicationStages,
  stageLabels,
  type ApplicationCounts,
  type ApplicationStage,
} from '../../shared/applications/stage-contract';
import {
  onceOnlyReplies,
  replyKindForStage,
  replyKindLabels,
  type ReplyKind,
  type ReplyPreview,
  type SentReply,
} from '../../shared/applications/reply-contract';

export interface StageChangeRequest {
  ids: readonly string[];
  stage: ApplicationStage;
  /** E-mail each application's applicant the reply that belongs to `stage`, if it has one. */
  notify: boolean;
  actorEmail: string;
  /** Change only applications now in this stage; the others are matched and left alone. */
  onlyFrom?: ApplicationStage;
  /**
   * Further e-mails about the applications this change actually moved (an applicant's own
   * withdrawal confirms it to them), queued in the same transaction.
   */
  emailsForMoved?: (moved: RepliedApplication[]) => QueuedEmail[];
  /** A move to Rejected: its private reason and the feedback for the applicant. */
  rejection?: { reasonId: string; feedback?: string | undefined };
}

/**
 * Keeps a rejection's reason and feedback (response-times/, handed in where the server starts):
 * checks the reason, records it for the applications moved, in the change's transaction, and
 * answers what the stage history says of it. Throws (a 400) for a reason not on the list.
 */
export interface RejectionRecorder {
  record(
    tx: Db,
    applicationIds: readonly string[],
    rejection: { reasonId: string; feedback?: string | undefined },
    actorEmail: string,
  ): Promise<string>;
}

export interface StageChangeOutcome {
  matchedCount: number;
  modifiedCount: number;
  emailedCount: number;
}

/** `id = any($1)` with the ids as one array parameter, however many there are. */
const idIn = (ids: string[]) => sql`${applications.id} = any(${sql.param(ids)}::uuid[])`;

const label = (stage: string) => stageLabels[stage as ApplicationStage] ?? stage;

/**
 * Stages and the replies that go with them. A change of any number of applications is one
 * transaction: the rows are locked in id order (so two changes that overlap wait for each other
 * instead of deadlocking), moved with one UPDATE, their history written beside them, and their
 * replies queued and recorded, so either all of it happens or none of it does. Its time is the
 * database's `now()`, which every instance shares: the new stage's `stageChangedAt`, its history
 * entries and its replies all carry the same moment.
 */
export function createStageRepository(
  db: Db,
  deps: {
    changes: Pick<ChangeFeed, 'publish'>;
    audit: Pick<AuditRepository, 'recordIn'>;
    outbox: Pick<EmailOutbox, 'enqueue' | 'wake'>;
    templates: ReplyTemplateRepository;
    mail: MailOptions;
    /**
     * Follows the applications that moved, in the change's transaction, where something kept
     * apart needs their new stage (their equality monitoring returns).
     */
    followMoved?: (tx: Db, moved: ReadonlyArray<{ id: string; stage: ApplicationStage }>) => Promise<void>;
    rejections?: RejectionRecorder;
  },
) {
  /**
   * Records and queues `kind` for each application that may still have it; answers how many were
   * queued. A reply sent at most once is checked here and again by the database's unique index,
   * which settles two admins sending it at the same moment.
   */
  const queueReplies = async (
    tx: Db,
    kind: ReplyKind,
    targets: RepliedApplication[],
    actorEmail: string,
  ): Promise<number> => {
    let candidates = targets;
    if (onceOnlyReplies.includes(kind)) {
      const sent = await tx
        .select({ applicationId: applicationReplies.applicationId })
        .from(applicationReplies)
        .where(
          and(
            eq(applicationReplies.kind, kind),
            sql`${applicationReplies.applicationId} = any(${sql.param(targets.map((row) => row.id))}::uuid[])`,
          ),
        );
      const already = new Set(sent.map((row) => row.applicationId));
      candidates = targets.filter((row) => !already.has(row.id));
    }
    if (candidates.length === 0) return 0;
    const inserted = (await tx.execute(
      sql`${insertJsonRows(
        applicationReplies,
        ['applicationId', 'kind', 'actorEmail'],
        candidates.map((row) => ({ applicationId: row.id, kind, actorEmail })),
      )} on conflict do nothing returning ${sql.identifier(applicationReplies.applicationId.name)}`,
    )) as unknown as { rows: Array<{ application_id: string }> };
    const recorded = new Set(inserted.rows.map((row) => row.application_id));
    const recipients = candidates.filter((row) => recorded.has(row.id));
    if (recipients.length === 0) return 0;
    const template = await deps.templates.current(kind, tx);
    await deps.outbox.enqueue(
      tx,
      recipients.map((row) => {
        const email = replyEmail(template, row, deps.mail);
        return kind === 'rejection' ? withTalentPoolOffer(email) : email;
      }),
    );
    await deps.audit.recordIn(
      tx,
      recipients.map((row) => ({
        action: 'reply',
        detail: replyKindLabels[kind],
        actorEmail,
        subjectEmail: row.email,
        applicationId: row.id,
      })),
    );
    return recipients.length;
  };

  /**
   * Per job: interviews booked and still to come, and scorecards owed (an interviewer of an
   * interview that has started, whose scorecard is not in).
   */
  const interviewCounts = async () => {
    const booked = await db
      .select({ jobId: interviewSlots.jobId, n: count() })
      .from(interviewBookings)
      .innerJoin(interviewSlots, eq(interviewSlots.id, interviewBookings.slotId))
      .where(sql`${interviewSlots.startsAt} > now()`)
      .groupBy(interviewSlots.jobId);
    const owed = await db
      .select({ jobId: interviewSlots.jobId, n: count() })
      .from(interviewBookings)
      .innerJoin(interviewSlots, eq(interviewSlots.id, interviewBookings.slotId))
      .innerJoin(
        applicationInterviewers,
        eq(applicationInterviewers.applicationId, interviewBookings.applicationId),
      )
      .where(
        and(
          sql`${interviewSlots.startsAt} <= now()`,
          sql`not exists (select 1 from ${scorecards} where ${scorecards.applicationId} = ${interviewBookings.applicationId} and ${scorecards.interviewerId} = ${applicationInterviewers.userId})`,
        ),
      )
      .groupBy(interviewSlots.jobId);
    const jobIds = [...new Set([...booked, ...owed].map((row) => row.jobId))].sort();
    return jobIds.map((jobId) => ({
      jobId,
      booked: booked.find((row) => row.jobId === jobId)?.n ?? 0,
      scorecardsOwed: owed.find((row) => row.jobId === jobId)?.n ?? 0,
    }));
  };

  return {
    /**
     * Moves the named applications to `stage`. Ids that are not UUIDs, or name no application,
     * are simply not matched. One already in the stage is matched but not modified, and gets no
     * history entry; with `notify` it still gets the stage's reply (a rejection only once).
     */
    async change(request: StageChangeRequest): Promise<StageChangeOutcome> {
      const { stage, actorEmail } = request;
      const ids = [...new Set(request.ids.filter(isId).map((id) => id.toLowerCase()))];
      if (ids.length === 0) return { matchedCount: 0, modifiedCount: 0, emailedCount: 0 };
      const kind = request.notify ? replyKindForStage(stage) : undefined;
      const outcome = await db.transaction(async (tx) => {
        const found = await tx
          .select({
            id: applications.id,
            stage: applications.stage,
            name: applications.name,
            email: applications.email,
            jobTitle: applications.jobTitle,
          })
          .from(applications)
          .where(idIn(ids))
          .orderBy(asc(applications.id))
          .for('update');
        const staying = request.onlyFrom ? found.filter((row) => row.stage === request.onlyFrom) : found;
        const moved = staying.filter((row) => row.stage !== stage);
        // Checked even when nothing moves, so a reason not on the list is always refused.
        const rejection =
          stage === 'rejected' && request.rejection && deps.rejections
            ? await deps.rejections.record(
                tx,
                moved.map((row) => row.id),
                request.rejection,
                actorEmail,
              )
            : undefined;
        if (moved.length > 0) {
          await tx
            .update(applications)
            // The right-hand side reads the row as it was: the stage it leaves.
            .set({ stage, previousStage: sql`${applications.stage}`, stageChangedAt: sql`now()` })
            .where(idIn(moved.map((row) => row.id)));
          await recordEvents(
            tx,
            moved.map((row) => ({
              type: 'stage-changed' as const,
              applicationId: row.id,
              from: row.stage,
              to: stage,
            })),
          );
          await deps.followMoved?.(
            tx,
            moved.map((row) => ({ id: row.id, stage })),
          );
          await deps.audit.recordIn(
            tx,
            moved.map((row) => ({
              action: 'stage',
              detail: `${label(row.stage)} → ${label(stage)}${rejection ? ` ${rejection}` : ''}`,
              actorEmail,
              subjectEmail: row.email,
              applicationId: row.id,
            })),
          );
        }
        // Every application left in the stage may get its reply, moved now or already there.
        const emailedCount =
          kind && staying.length > 0 ? await queueReplies(tx, kind, staying, actorEmail) : 0;
        const further = moved.length > 0 ? (request.emailsForMoved?.(moved) ?? []) : [];
        await deps.outbox.enqueue(tx, further);
        return {
          matchedCount: found.length,
          modifiedCount: moved.length,
          emailedCount,
          queued: emailedCount + further.length,
        };
      });
      // Only once committed: other instances drop their lists and counts, and the mail goes.
      if (outcome.modifiedCount > 0) deps.changes.publish('applications');
      if (outcome.queued > 0) deps.outbox.wake();
      const { queued: _queued, ...counts } = outcome;
      return counts;
    },

    /** The reply exactly as it would go now; undefined when there is no such application. */
    async preview(id: string, kind: ReplyKind): Promise<ReplyPreview | undefined> {
      if (!isId(id)) return undefined;
      const [application] = await db
        .select({
          id: applications.id,
          name: applications.name,
          email: applications.email,
          jobTitle: applications.jobTitle,
        })
        .from(applications)
        .where(eq(applications.id, id))
        .limit(1);
      if (!application) return undefined;
      const [sent] = onceOnlyReplies.includes(kind)
        ? await db
            .select({ id: applicationReplies.id })
            .from(applicationReplies)
            .where(and(eq(applicationReplies.applicationId, id), eq(applicationReplies.kind, kind)))
            .limit(1)
        : [];
      const email = replyEmail(await deps.templates.current(kind), application, deps.mail);
      return {
        kind,
        to: email.to,
        subject: email.subject,
        body: email.text,
        alreadySent: sent !== undefined,
      };
    },

    /** The replies queued for these applications, oldest first (for an access request). */
    async sentTo(applicationIds: string[]): Promise<SentReply[]> {
      if (applicationIds.length === 0) return [];
      const rows = await db
        .select()
        .from(applicationReplies)
        .where(inArray(applicationReplies.applicationId, applicationIds))
        .orderBy(asc(applicationReplies.createdAt));
      return rows.map((row) => ({
        _id: row.id,
        applicationId: row.applicationId,
        kind: row.kind,
        actorEmail: row.actorEmail,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** How many applications are in each stage, and when the newest arrived: one grouped scan. */
    async counts(): Promise<ApplicationCounts> {
      // One query: per job and stage; the totals are their sums.
      const rows = await db
        .select({
          jobId: applications.jobId,
          stage: applications.stage,
          n: count(),
          latest: max(applications.createdAt),
        })
        .from(applications)
        .groupBy(applications.jobId, applications.stage);
      const zero = () =>
        Object.fromEntries(applicationStages.map((stage) => [stage, 0])) as Record<ApplicationStage, number>;
      const byStage = zero();
      const jobs = new Map<
        string,
        { jobId: string; total: number; byStage: Record<ApplicationStage, number> }
      >();
      let total = 0;
      let latest: Date | null = null;
      for (const row of rows) {
        total += row.n;
        if (row.latest && (!latest || row.latest > latest)) latest = row.latest;
        if (!(row.stage in byStage)) continue;
        byStage[row.stage] += row.n;
        if (row.jobId === null) continue;
        let job = jobs.get(row.jobId);
        if (!job) jobs.set(row.jobId, (job = { jobId: row.jobId, total: 0, byStage: zero() }));
        job.total += row.n;
        job.byStage[row.stage] += row.n;
      }
      return {
        total,
        byStage,
        latestCreatedAt: latest?.toISOString() ?? null,
        jobs: [...jobs.values()],
        interviews: await interviewCounts(),
      };
    },
  };
}

export type StageRepository = ReturnType<typeof createStageRepository>;
