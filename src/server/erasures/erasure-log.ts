import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What was removed, kept apart from the database and its backups so that a restored backup can
 * be brought back in line: a backup taken before an erasure still holds the erased data, and a
 * restore must not bring it back (docs/operations.md#what-a-restore-replays). Each line names
 * the application or the applicant by a SHA-256 digest only, never by the data itself.
 *
 * - `delete`: an administrator deleted one application (its audit trail stays, as on the server);
 * - `purge`: the retention purge deleted one application and its audit trail;
 * - `erase`: an erasure of one application (`application`) or of everything held about one
 *   address (`subject`: its applications, e-mails and audit trail);
 * - `remove-account`: a member of the hiring team removed (`account`): their account, with its
 *   password, second factor and assignments, must not come back with a restore;
 * - `talent-pool`: a talent pool member left or their consent ended (`subject`: their address);
 *   only their pool entry goes, not their applications;
 * - `job-alert`: a job alert unsubscribed, deleted or ended unanswered (`alert`): it must not
 *   start e-mailing again with a restore.
 */
export type ErasureAction = 'delete' | 'purge' | 'erase' | 'remove-account' | 'talent-pool' | 'job-alert';

export interface ErasureEntry {
  /** When it was recorded: just before the removal itself. */
  at: string;
  action: ErasureAction;
  /** `sha256:<hex>` of the application's id. */
  application?: string;
  /** `sha256:<hex>` of the applicant's e-mail address, lower-cased. */
  subject?: string;
  /** `sha256:<hex>` of a removed account's id. */
  account?: string;
  /** `sha256:<hex>` of an ended job alert's id. */
  alert?: string;
}

/** An id's digest: an application's, or an account's. */
export const applicationDigest = (id: string): string =>
  `sha256:${createHash('sha256').update(id.toLowerCase()).digest('hex')}`;

export const subjectDigest = (email: string): string =>
  `sha256:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

export interface ErasureLog {
  /** Where the log is written; none when the server keeps no log (an in-memory test database). */
  readonly file: string | null;
  /** Appends and fsyncs the entry before the caller removes anything: a crash between the two replays an erasure, never loses one. */
  record(entry: {
    action: ErasureAction;
    applicationId?: string;
    email?: string;
    accountId?: string;
    alertId?: string;
  }): Promise<void>;
}

/**
 * The log as an append-only file of JSON lines (mode 0600). Appends from one process are
 * serialised, so lines never interleave; with several instances each writes its own file, or one
 * on a volume they share (docs/operations.md#the-erasure-log).
 */
export function createErasureLog(file: string | null): ErasureLog {
  let last: Promise<void> = Promise.resolve();
  if (file) mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  return {
    file,
    record({ action, applicationId, email, accountId, alertId }) {
      if (!file) return Promise.resolve();
      const entry: ErasureEntry = {
        at: new Date().toISOString(),
        action,
        ...(applicationId ? { application: applicationDigest(applicationId) } : {}),
        ...(email ? { subject: subjectDigest(email) } : {}),
        ...(accountId ? { account: applicationDigest(accountId) } : {}),
        ...(alertId ? { alert: applicationDigest(alertId) } : {}),
      };
      const line = `${JSON.stringify(entry)}\n`;
      const write = last.then(async () => {
        const handle = await fs.open(file, 'a', 0o600);
        try {
          await handle.appendFile(line);
          await handle.sync();
        } finally {
          await handle.close();
        }
      });
      last = write.catch(() => undefined);
      return write;
    },
  };
}

/** Every entry of the log files, in the order written; a torn last line (a crash mid-write) is skipped. */
export async function readErasureLog(files: string[]): Promise<ErasureEntry[]> {
  const entries: ErasureEntry[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line) as ErasureEntry;
        if (
          typeof entry.at === 'string' &&
          (entry.application || entry.subject || entry.account || entry.alert)
        )
          entries.push(entry);
      } catch {
        // An unfinished line: its removal had not started.
      }
    }
  }
  return entries;
}
