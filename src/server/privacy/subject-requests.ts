import { cvFileName } from '../../shared/applications/cv-file-name';
import {
  adjustmentWithheldLine,
  type AdjustmentOrigin,
  type ExportedAdjustment,
  type ExportedInterview,
  type ExportedRightToWork,
  type ExportedScorecard,
  type SubjectExport,
  type SubjectExportPart,
} from '../../shared/privacy/privacy-contract';
import type { AuditRepository } from '../audit/audit-repository';
import type { SubjectStores } from '../applications/application-erasure';
import type { ExportFileReader } from '../domain-module/server-module';

type Stores = SubjectStores;

/**
 * What the export reads of the domains this folder does not import (interviews, right-to-work,
 * adjustments): each answers for the applications named, and the server's root hands them in.
 */
/** The modules' own parts of an export (their `exportSubject`), handed in by the root. */
export type SubjectExporters = readonly ((
  email: string,
  readFile: ExportFileReader,
) => Promise<SubjectExportPart>)[];

/** What the modules keep about an address beyond its applications, merged. */
export async function subjectExportParts(
  exporters: SubjectExporters,
  email: string,
  readFile: ExportFileReader,
) {
  const parts: Required<SubjectExportPart> = { jobAlerts: [], talentPool: null };
  for (const exporter of exporters) {
    const part = await exporter(email, readFile);
    parts.jobAlerts.push(...(part.jobAlerts ?? []));
    parts.talentPool = part.talentPool ?? parts.talentPool;
  }
  return parts;
}

/** Whether the modules keep anything about the address: its export is then made without an application. */
export const holdsAnything = (parts: Required<SubjectExportPart>): boolean =>
  parts.jobAlerts.length > 0 || parts.talentPool !== null;

export interface SubjectRecordSources {
  subjectExporters: SubjectExporters;
  interviews: { exportFor(applicationIds: string[]): Promise<ExportedInterview[]> };
  scorecards: { exportFor(applicationIds: string[]): Promise<ExportedScorecard[]> };
  rightToWork: {
    exportFor(applicationIds: string[], readFile: ExportFileReader): Promise<ExportedRightToWork[]>;
  };
  /** The one reader of adjustment texts, wherever they are kept (docs/security.md#adjustments). */
  adjustments: {
    heldFor(
      applicationIds: string[],
    ): Promise<{ applicationId: string; askedWhen: AdjustmentOrigin; text: string }[]>;
  };
}

/** Who makes an export, and whether they are the adjustments contact (who alone reads adjustment texts). */
export interface Exporter {
  email: string;
  isAdjustmentsContact: boolean;
  /** The contact the configuration names, if any: the export says who adds an adjustment's text. */
  adjustmentsContactEmail: string | undefined;
}

/**
 * Everything held about one applicant: every application with its CV, stage and answers, the
 * notes, the replies e-mailed to them, the stage history, the interviews and scorecards, the
 * right-to-work checks with their evidence, the adjustments asked for, and the audit trail about
 * the address and its applications (docs/behaviour.md#access-export-and-erasure).
 */
export async function exportSubject(
  stores: Stores & SubjectRecordSources,
  email: string,
  exporter: Exporter,
  readFile: ExportFileReader,
): Promise<SubjectExport> {
  const ids = await stores.applications.idsForEmail(email);
  const applications: SubjectExport['applications'] = [];
  const notes: SubjectExport['notes'] = [];
  for (const id of ids) {
    const found = await stores.applications.find(id);
    if (!found) continue;
    const { cvKey: _key, ...application } = found;
    const owner = await stores.applications.cvOwner(id);
    const cv = owner && (await readFile(owner.cvKey));
    applications.push({
      ...application,
      cv: cv
        ? {
            fileName: cvFileName(owner.name),
            size: cv.size,
            contentType: 'application/pdf',
            base64: cv.base64,
          }
        : null,
    });
    notes.push(...(await stores.notes.list(id)));
  }
  const rightToWork = await stores.rightToWork.exportFor(ids, readFile);
  const adjustments = await exportedAdjustments(stores, ids, exporter);
  recordExport(stores.audit, email, exporter, { rightToWork, adjustments });
  const audit = await stores.audit.forSubject(email, ids);
  return {
    subjectEmail: email,
    exportedAt: new Date().toISOString(),
    exportedBy: exporter.email,
    applications,
    notes,
    replies: await stores.stages.sentTo(ids),
    stageHistory: audit
      .filter((entry) => entry.action === 'stage' && entry.applicationId !== null)
      .map((entry) => ({
        applicationId: entry.applicationId!,
        change: entry.detail ?? '',
        changedBy: entry.actorEmail,
        changedAt: entry.createdAt,
      })),
    interviews: await stores.interviews.exportFor(ids),
    scorecards: await stores.scorecards.exportFor(ids),
    rightToWork,
    adjustments,
    ...(await subjectExportParts(stores.subjectExporters, email, readFile)),
    audit,
  };
}

/**
 * The adjustments asked for: their text in the adjustments contact's export alone, in any other a
 * line that one is held and who adds it; what the contact agreed, which the interview's staff
 * read anyway, in every export (docs/security.md#adjustments).
 */
async function exportedAdjustments(
  stores: SubjectRecordSources,
  ids: string[],
  exporter: Exporter,
): Promise<ExportedAdjustment[]> {
  const held = await stores.adjustments.heldFor(ids);
  return held.map(({ applicationId, askedWhen, text }) =>
    exporter.isAdjustmentsContact || askedWhen === 'agreed'
      ? { applicationId, askedWhen, text, withheld: null }
      : {
          applicationId,
          askedWhen,
          text: null,
          withheld: adjustmentWithheldLine(exporter.adjustmentsContactEmail),
        },
  );
}

/**
 * The export is recorded before the trail is read, so the applicant sees it in their own copy;
 * so is each evidence file and adjustment text it read, since every read of those is audited
 * (docs/security.md#right-to-work-evidence, docs/security.md#adjustments) and shows in that
 * application's own trail, where the export's entry (about the address) does not.
 */
function recordExport(
  audit: AuditRepository,
  email: string,
  exporter: Exporter,
  read: { rightToWork: ExportedRightToWork[]; adjustments: ExportedAdjustment[] },
): void {
  const about = { actorEmail: exporter.email, subjectEmail: email, detail: 'In an access export' };
  audit.record({ action: 'export', actorEmail: exporter.email, subjectEmail: email, applicationId: null });
  for (const check of read.rightToWork)
    if (check.evidenceFile)
      audit.record({ action: 'right-to-work-evidence', applicationId: check.applicationId, ...about });
  // What the contact agreed is read by the interview's staff anyway: only a request read is one.
  const adjustmentsRead = new Set(
    read.adjustments
      .filter((item) => item.text !== null && item.askedWhen !== 'agreed')
      .map((item) => item.applicationId),
  );
  for (const applicationId of adjustmentsRead)
    audit.record({ action: 'adjustments', applicationId, ...about });
}
