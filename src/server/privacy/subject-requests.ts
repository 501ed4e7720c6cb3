import { cvFileName } from '../../shared/applications/cv-file-name';
import type { ErasureAck, SubjectExport } from '../../shared/privacy/privacy-contract';
import type { ApplicationRepository } from '../applications/application-repository';
import type { NoteRepository } from '../applications/note-repository';
import type { StageRepository } from '../applications/stage-repository';
import type { EmailOutbox } from '../email/email-outbox';
import { erasedSubject, type AuditRepository } from '../audit/audit-repository';
import type { ErasureLog } from '../erasures/erasure-log';

/** What an applicant's export and erasure read and change. */
export interface SubjectStores {
  applications: ApplicationRepository;
  notes: NoteRepository;
  audit: AuditRepository;
  stages: StageRepository;
  /** Where each erasure is recorded, by digest, before it runs (for a restore to replay). */
  erasureLog: ErasureLog;
}

type Stores = SubjectStores;

/**
 * Everything held about one applicant: every application with its CV and stage, the notes, the
 * replies e-mailed to them and the audit trail (which holds the history of their stages).
 */
export async function exportSubject(
  stores: Stores,
  email: string,
  actorEmail: string,
): Promise<SubjectExport> {
  const ids = await stores.applications.idsForEmail(email);
  const applications: SubjectExport['applications'] = [];
  const notes: SubjectExport['notes'] = [];
  for (const id of ids) {
    const found = await stores.applications.find(id);
    if (!found) continue;
    const { cvKey: _key, ...application } = found;
    const cv = await stores.applications.readCv(id);
    applications.push({
      ...application,
      cv: cv
        ? {
            fileName: cvFileName(cv.name),
            size: cv.bytes.length,
            contentType: 'application/pdf',
            base64: cv.bytes.toString('base64'),
          }
        : null,
    });
    notes.push(...(await stores.notes.list(id)));
  }
  // The export itself is recorded first, so the applicant sees it in their own copy.
  stores.audit.record({ action: 'export', actorEmail, subjectEmail: email, applicationId: null });
  return {
    subjectEmail: email,
    exportedAt: new Date().toISOString(),
    exportedBy: actorEmail,
    applications,
    notes,
    replies: await stores.stages.sentTo(ids),
    audit: await stores.audit.forSubject(email),
  };
}

/**
 * Erases one applicant: every application, CV and note (and, with each application, its recorded
 * replies), every e-mail about them or to them (queued or sent), and every audit entry about them. One entry stays to show that an erasure
 * happened, keyed by a digest instead of the address. Safe to repeat: a second run finishes
 * whatever an interrupted one left.
 */
export async function eraseSubject(
  stores: Stores & { outbox: EmailOutbox },
  email: string,
  actorEmail: string,
): Promise<ErasureAck> {
  const ids = await stores.applications.idsForEmail(email);
  return erase(stores, { email, ids, wholeSubject: true }, actorEmail);
}

/**
 * Erases one application the way `eraseSubject` erases an applicant, for an applicant who asks
 * through the private link to that application (docs/behaviour.md#the-applicants-page): the
 * application, its CV, notes, replies, private link and e-mails, and its audit entries, with the
 * same digest-keyed entry recording that an erasure happened. What the address has besides (other
 * applications, with their own links) is theirs to erase in turn.
 */
export async function eraseApplication(
  stores: Stores & { outbox: EmailOutbox },
  application: { id: string; email: string },
  actorEmail: string,
): Promise<ErasureAck> {
  return erase(stores, { email: application.email, ids: [application.id], wholeSubject: false }, actorEmail);
}

/** The one erasure both of the above run. */
async function erase(
  stores: Stores & { outbox: EmailOutbox },
  scope: { email: string; ids: string[]; wholeSubject: boolean },
  actorEmail: string,
): Promise<ErasureAck> {
  const { email, ids } = scope;
  // Before anything goes: an erasure must never be lost from the log (docs/operations.md#the-erasure-log).
  if (scope.wholeSubject) await stores.erasureLog.record({ action: 'erase', email });
  else for (const id of ids) await stores.erasureLog.record({ action: 'erase', applicationId: id });
  const notesDeleted = await stores.applications.countNotes(ids);
  let deletedCount = 0;
  // An application's e-mails go with it (foreign key); those only addressed to them go here.
  for (const id of ids) if (await stores.applications.remove(id)) deletedCount++;
  let auditEntriesDeleted = 0;
  if (scope.wholeSubject) {
    await stores.outbox.removeForRecipient(email);
    auditEntriesDeleted = await stores.audit.removeSubject(email);
  } else {
    for (const id of ids) auditEntriesDeleted += await stores.audit.removeApplication(id);
  }
  stores.audit.record({ action: 'erase', actorEmail, subjectEmail: erasedSubject(email) });
  // An erasure is rare and final: its record is written before the answer, not in a later batch.
  await stores.audit.flush();
  return { acknowledged: true, deletedCount, notesDeleted, auditEntriesDeleted };
}
