import type { ErasureAck } from '../../shared/privacy/privacy-contract';
import type { ApplicationRepository } from './application-repository';
import type { NoteRepository } from './note-repository';
import type { StageRepository } from './stage-repository';
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

/**
 * What the domains that keep data of their own about an address (not tied to an application, which
 * takes its rows with it) erase of it: each module's `privacy.eraseSubject`, handed in by the
 * server's root so this folder imports none of them (docs/architecture.md#privacy-duties).
 */
export type SubjectErasers = readonly ((email: string) => Promise<void>)[];

type Stores = SubjectStores;

/**
 * Erases one applicant: every application, CV and note (and, with each application, its recorded
 * replies), every e-mail about them or to them (queued or sent), and every audit entry about them. One entry stays to show that an erasure
 * happened, keyed by a digest instead of the address. Safe to repeat: a second run finishes
 * whatever an interrupted one left.
 */
export async function eraseSubject(
  stores: Stores & { outbox: EmailOutbox; subjectErasers: SubjectErasers },
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
  stores: Stores & { outbox: EmailOutbox; subjectErasers?: SubjectErasers },
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
    for (const eraseHeld of stores.subjectErasers ?? []) await eraseHeld(email);
    auditEntriesDeleted = await stores.audit.removeSubject(email);
  } else {
    for (const id of ids) auditEntriesDeleted += await stores.audit.removeApplication(id);
  }
  stores.audit.record({ action: 'erase', actorEmail, subjectEmail: erasedSubject(email) });
  // An erasure is rare and final: its record is written before the answer, not in a later batch.
  await stores.audit.flush();
  return { acknowledged: true, deletedCount, notesDeleted, auditEntriesDeleted };
}
