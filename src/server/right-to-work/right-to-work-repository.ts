import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/database';
import { applications, rightToWorkChecks } from '../db/schema';
import type { BlobStore, OpenedBlob } from '../blobs/blob-store';
import type { ExportFileReader } from '../domain-module/server-module';
import { HttpError } from '../http/http-error';
import { messages } from '../../shared/messages';
import type { ApplicationStage } from '../../shared/applications/stage-contract';
import {
  RIGHT_TO_WORK_STAGES,
  keptUntilOf,
  type RightToWorkCheck,
  type RightToWorkEvidenceType,
} from '../../shared/right-to-work/right-to-work-contract';
import { londonToday } from '../../shared/format/calendar-date';
import type { ExportedRightToWork } from '../../shared/privacy/privacy-contract';
import { evidenceFileName } from '../../shared/right-to-work/evidence-type';
import type { FollowUpReminder } from './right-to-work-emails';

type CheckRow = typeof rightToWorkChecks.$inferSelect;

/** The checklist's fields as the route has validated them. */
export interface CheckFields {
  method: RightToWorkCheck['method'];
  checkedOn: string;
  followUpOn: string | null;
  employmentEndedOn: string | null;
}

const toCheck = (row: CheckRow, stage: ApplicationStage): RightToWorkCheck => {
  const complete = row.evidenceKey !== null;
  return {
    applicationId: row.applicationId,
    method: row.method,
    checkedOn: row.checkedOn,
    checkedByEmail: row.checkedByEmail,
    checkedByName: row.checkedByName,
    followUpOn: row.followUpOn,
    followUpRemindedAt: row.followUpRemindedAt?.toISOString() ?? null,
    employmentEndedOn: row.employmentEndedOn,
    evidence:
      row.evidenceKey && row.evidenceType && row.evidenceUploadedAt
        ? {
            type: row.evidenceType,
            size: row.evidenceSize ?? 0,
            uploadedAt: row.evidenceUploadedAt.toISOString(),
          }
        : null,
    complete,
    keptForEmployment: complete && stage === 'hired',
    keptUntil: row.employmentEndedOn ? keptUntilOf(row.employmentEndedOn) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
};

/**
 * Right-to-work checks and their evidence. The evidence's bytes go in the blob store under a key
 * of their own (never the CV's), durable before the row names them, and go when the application
 * goes (application-repository.ts removes them with the CV).
 */
export function createRightToWorkRepository(db: Db, blobs: BlobStore) {
  const applicationOf = async (tx: Db, applicationId: string) => {
    const [row] = await tx
      .select({ stage: applications.stage, email: applications.email, name: applications.name })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .limit(1);
    return row;
  };

  const rowOf = async (tx: Db, applicationId: string) => {
    const [row] = await tx
      .select()
      .from(rightToWorkChecks)
      .where(eq(rightToWorkChecks.applicationId, applicationId))
      .limit(1);
    return row;
  };

  return {
    /** The application's stage and e-mail with its check (null before one is recorded); undefined when no such application. */
    async find(
      applicationId: string,
    ): Promise<{ stage: ApplicationStage; email: string; check: RightToWorkCheck | null } | undefined> {
      const application = await applicationOf(db, applicationId);
      if (!application) return undefined;
      const row = await rowOf(db, applicationId);
      return {
        stage: application.stage,
        email: application.email,
        check: row ? toCheck(row, application.stage) : null,
      };
    },

    /**
     * Records or corrects the check. A new follow-up date is reminded afresh. Refused (409) unless
     * the application is at Offer or Hired, and with an employment end date unless it is at Hired.
     * Answers undefined when there is no such application.
     */
    async save(
      applicationId: string,
      fields: CheckFields,
      checker: { email: string; name: string },
    ): Promise<{ email: string; check: RightToWorkCheck } | undefined> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const application = await applicationOf(tx, applicationId);
        if (!application) return undefined;
        if (!RIGHT_TO_WORK_STAGES.includes(application.stage))
          throw new HttpError(409, messages.rightToWorkWrongStage);
        // At Offer there is no employment yet to have ended (docs/behaviour.md#right-to-work-checks).
        if (fields.employmentEndedOn !== null && application.stage !== 'hired')
          throw new HttpError(409, messages.rightToWorkEmploymentEndTooEarly);
        const before = await rowOf(tx, applicationId);
        const values = {
          ...fields,
          checkedByEmail: checker.email,
          checkedByName: checker.name,
          followUpRemindedAt:
            before && before.followUpOn === fields.followUpOn ? before.followUpRemindedAt : null,
          updatedAt: new Date(),
        };
        const [row] = await tx
          .insert(rightToWorkChecks)
          .values({ applicationId, ...values })
          .onConflictDoUpdate({ target: rightToWorkChecks.applicationId, set: values })
          .returning();
        return { email: application.email, check: toCheck(row!, application.stage) };
      });
    },

    /**
     * Stores checked evidence bytes, replacing any earlier file (removed once the new one is in).
     * Refused (409) before the check itself is recorded, or outside Offer and Hired.
     */
    async storeEvidence(
      applicationId: string,
      bytes: Buffer,
      type: RightToWorkEvidenceType,
    ): Promise<{ email: string; check: RightToWorkCheck } | undefined> {
      const key = randomUUID();
      let answer: { email: string; check: RightToWorkCheck } | undefined;
      let replaced: string | null = null;
      await blobs.store(key, bytes, async (tx) => {
        const application = await applicationOf(tx, applicationId);
        if (!application) throw new HttpError(404, messages.applicationMissing);
        if (!RIGHT_TO_WORK_STAGES.includes(application.stage))
          throw new HttpError(409, messages.rightToWorkWrongStage);
        const before = await rowOf(tx, applicationId);
        if (!before) throw new HttpError(409, messages.rightToWorkNoCheck);
        replaced = before.evidenceKey;
        const [row] = await tx
          .update(rightToWorkChecks)
          .set({
            evidenceKey: key,
            evidenceType: type,
            evidenceSize: bytes.length,
            evidenceUploadedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(rightToWorkChecks.applicationId, applicationId))
          .returning();
        answer = { email: application.email, check: toCheck(row!, application.stage) };
      });
      if (replaced) await blobs.remove(async () => replaced);
      return answer;
    },

    /** The evidence's bytes and type, with whose they are; undefined when none is stored. */
    async readEvidence(
      applicationId: string,
    ): Promise<{ file: OpenedBlob; type: RightToWorkEvidenceType; name: string; email: string } | undefined> {
      const [row] = await db
        .select({
          key: rightToWorkChecks.evidenceKey,
          type: rightToWorkChecks.evidenceType,
          name: applications.name,
          email: applications.email,
        })
        .from(rightToWorkChecks)
        .innerJoin(applications, eq(applications.id, rightToWorkChecks.applicationId))
        .where(eq(rightToWorkChecks.applicationId, applicationId))
        .limit(1);
      if (!row?.key || !row.type) return undefined;
      const file = await blobs.open(row.key);
      return file && { file, type: row.type, name: row.name, email: row.email };
    },

    /**
     * The checks of these applications with their evidence files, for an access request: the
     * file in the form the export gives CVs (docs/behaviour.md#access-export-and-erasure).
     */
    async exportFor(applicationIds: string[], readFile: ExportFileReader): Promise<ExportedRightToWork[]> {
      if (applicationIds.length === 0) return [];
      const rows = await db
        .select({ check: rightToWorkChecks, stage: applications.stage, name: applications.name })
        .from(rightToWorkChecks)
        .innerJoin(applications, eq(applications.id, rightToWorkChecks.applicationId))
        .where(inArray(rightToWorkChecks.applicationId, applicationIds));
      const exported: ExportedRightToWork[] = [];
      const inOrder = rows.sort(
        (a, b) =>
          applicationIds.indexOf(a.check.applicationId) - applicationIds.indexOf(b.check.applicationId),
      );
      for (const { check, stage, name } of inOrder) {
        const file = check.evidenceKey && check.evidenceType ? await readFile(check.evidenceKey) : undefined;
        exported.push({
          ...toCheck(check, stage),
          evidenceFile:
            file && check.evidenceType
              ? {
                  fileName: evidenceFileName(name, check.evidenceType),
                  size: file.size,
                  contentType: check.evidenceType,
                  base64: file.base64,
                }
              : null,
        });
      }
      return exported;
    },

    /** Every evidence key rows hold, for the blob store's sweep of orphaned files. */
    async evidenceKeys(): Promise<Set<string>> {
      const rows = await db
        .select({ key: rightToWorkChecks.evidenceKey })
        .from(rightToWorkChecks)
        .where(isNotNull(rightToWorkChecks.evidenceKey));
      return new Set(rows.map((row) => row.key!));
    },

    /**
     * Marks every follow-up that has come (its date today or earlier, in London) and not been
     * reminded, of an application still at Offer or Hired, and hands them to `send` in the same
     * transaction, so each is reminded once whichever instance looks first.
     */
    async claimDueFollowUps(
      now: Date,
      send: (tx: Db, due: FollowUpReminder[]) => Promise<void>,
    ): Promise<number> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const open = tx
          .select({ id: applications.id })
          .from(applications)
          .where(inArray(applications.stage, [...RIGHT_TO_WORK_STAGES]));
        const claimed = await tx
          .update(rightToWorkChecks)
          .set({ followUpRemindedAt: now })
          .where(
            and(
              isNull(rightToWorkChecks.followUpRemindedAt),
              lte(rightToWorkChecks.followUpOn, londonToday(now)),
              inArray(rightToWorkChecks.applicationId, open),
            ),
          )
          .returning({ applicationId: rightToWorkChecks.applicationId });
        if (claimed.length === 0) return 0;
        const due = await tx
          .select({
            applicationId: rightToWorkChecks.applicationId,
            jobTitle: applications.jobTitle,
            followUpOn: rightToWorkChecks.followUpOn,
            checkedByEmail: rightToWorkChecks.checkedByEmail,
            checkedByName: rightToWorkChecks.checkedByName,
          })
          .from(rightToWorkChecks)
          .innerJoin(applications, eq(applications.id, rightToWorkChecks.applicationId))
          .where(
            inArray(
              rightToWorkChecks.applicationId,
              claimed.map((row) => row.applicationId),
            ),
          );
        await send(
          tx,
          due.map((row) => ({ ...row, followUpOn: row.followUpOn! })),
        );
        return due.length;
      });
    },
  };
}

export type RightToWorkRepository = ReturnType<typeof createRightToWorkRepository>;
