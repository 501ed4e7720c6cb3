import type { Database } from '../db/database';
import type { BlobStore } from '../blobs/blob-store';
import type { AuditRepository } from '../audit/audit-repository';
import type { EmailOutbox } from '../email/email-outbox';
import type { MailOptions } from '../email/mail-options';
import type { RateLimiters } from '../http/rate-limit';
import type { ErasureLog } from '../erasures/erasure-log';

/**
 * What the talent pool uses of the server's parts (root/app-context.ts). What it reads of other
 * domains (departments, jobs, an applicant's private link, the PDF checks' worker) it names by
 * the shape it needs, which the context's parts fill, so this folder imports no other domain
 * (docs/architecture.md#import-rules).
 */
export interface TalentPoolDeps {
  config: { publicUrl: string };
  database: Database;
  blobs: BlobStore;
  audit: AuditRepository;
  /** Each removal is logged first, for a restore to replay (docs/operations.md#what-a-restore-replays). */
  erasureLog: ErasureLog;
  outbox: Pick<EmailOutbox, 'wake' | 'enqueue'>;
  mail: MailOptions;
  limiters: RateLimiters;
  /** The worker thread that checks PDFs with the CV checks (right-to-work/evidence-pool.ts). */
  evidenceChecks: { check(bytes: Uint8Array, type: 'application/pdf'): Promise<void> };
  departments: { list(): Promise<ReadonlyArray<{ name: string; slug: string }>> };
  jobs: { find(id: string): Promise<{ jobTitle: string; closingDate?: string | null } | undefined> };
  /** The application a private link opens (my-application/application-links.ts). */
  applicationLinks: {
    find(
      token: string,
    ): Promise<{ name: string; email: string; jobTitle: string; stage: string } | undefined>;
  };
}
