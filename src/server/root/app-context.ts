import type { CacheSizes } from '../runtime/cache-sizes';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { BlobStore } from '../blobs/blob-store';
import type { Mailer } from '../email/mailer';
import type { MailOptions } from '../email/mail-options';
import type { EmailOutbox } from '../email/email-outbox';
import type { EventDispatcher } from '../events/event-dispatcher';
import type { TokenService } from '../auth/tokens';
import type { UserRepository } from '../auth/user-repository';
import type { AccountRepository } from '../auth/account-repository';
import type { JobRepository } from '../jobs/job-repository';
import type { DepartmentRepository } from '../jobs/department-repository';
import type { JobReferenceNumbers } from '../jobs/job-reference-numbers';
import type { ApplicationRepository } from '../applications/application-repository';
import type { SubjectErasers } from '../applications/application-erasure';
import type { SubjectExporters } from '../privacy/subject-requests';
import type { NoteRepository } from '../applications/note-repository';
import type { RateLimiters } from '../http/rate-limit';
import type { AuditRepository } from '../audit/audit-repository';
import type { ChangeFeed } from '../db/change-feed';
import type { OpenJobsCache } from '../jobs/open-jobs-cache';
import type { ApplicationListCache } from '../applications/application-list-cache';
import type { IntakePool } from '../applications/intake-pool';
import type { IntakeGate } from '../applications/intake-gate';
import type { StageRepository } from '../applications/stage-repository';
import type { ReplyTemplateRepository } from '../applications/reply-template-repository';
import type { ApplicationCountsCache } from '../applications/application-counts-cache';
import type { ApplicationLinks } from '../my-application/application-links';
import type { TeamRepository } from '../team/team-repository';
import type { TeamAccess } from '../team/team-access';
import type { InterviewRepository } from '../interviews/interview-repository';
import type { ScorecardRepository } from '../interviews/scorecard-repository';
import type { ErasureLog } from '../erasures/erasure-log';
import type { RightToWorkRepository } from '../right-to-work/right-to-work-repository';
import type { EvidencePool } from '../right-to-work/evidence-pool';
import type { AdjustmentRepository } from '../adjustments/adjustments-repository';
import type { EqualityMonitoring } from '../equality-monitoring/monitoring-repository';
import type { TalentPoolReader } from '../talent-pool/talent-pool-repository';
import type { SourceResolver } from '../sources/tracking-link-repository';

/**
 * Every part the server builds once where it starts (start-server.ts). Route modules each declare
 * the few parts they use (`JobRouteDeps` and the like), so no domain depends on this whole list.
 */
export interface AppContext {
  config: Config;
  /**
   * What building the context changed that the operator should hear of once (files made private,
   * an old signing secret replaced): logged when the server starts, printed by the tools.
   */
  startNotices: string[];
  database: Database;
  blobs: BlobStore;
  mailer: Mailer;
  /** Who the e-mails come from and where their links point. */
  mail: MailOptions;
  /** Every e-mail is queued here and delivered, with retries, through `mailer`. */
  outbox: EmailOutbox;
  /** Delivers the domain events to their subscribers (docs/architecture.md#domain-events). */
  events: EventDispatcher;
  tokens: TokenService;
  users: UserRepository;
  /** Token generations, password reset links, second factors and account events. */
  accounts: AccountRepository;
  jobs: JobRepository;
  /** The departments administrators keep, which jobs name. */
  departments: DepartmentRepository;
  /** The open jobs as visitors get them, cached until a job changes. */
  openJobs: OpenJobsCache;
  /** The number each job board knows a job's listing in one place by, kept for good. */
  jobReferences: JobReferenceNumbers;
  changes: ChangeFeed;
  applications: ApplicationRepository;
  /** The admin list of applications, cached until one is added or removed. */
  applicationList: ApplicationListCache;
  /** Stage changes with their history and replies, reply previews, counts per stage. */
  stages: StageRepository;
  /** The wording of the replies to applicants. */
  replyTemplates: ReplyTemplateRepository;
  /** How many applications are in each stage, cached until one is added, removed or moved. */
  applicationCounts: ApplicationCountsCache;
  /** Worker threads that parse and check application bodies. */
  intake: IntakePool;
  /** Which application bodies are read now, and how long a stalled one may keep its place. */
  intakeGate: IntakeGate;
  notes: NoteRepository;
  audit: AuditRepository;
  /** The applicants' private links to their applications (hashes only). */
  applicationLinks: ApplicationLinks;
  limiters: RateLimiters;
  /** What each cache holds now, for /metrics (docs/operations.md#memory). */
  cacheSizes: CacheSizes;
  /** The hiring team: its members and what each is assigned to. */
  team: TeamRepository;
  /** What a team member reaches now, checked on every call. */
  teamAccess: TeamAccess;
  /** Interview slots, offers and bookings. */
  interviews: InterviewRepository;
  /** Interviewers' scorecards. */
  scorecards: ScorecardRepository;
  /** Every deletion, purge and erasure, by digest, for a restore to replay. */
  erasureLog: ErasureLog;
  /** Right-to-work checks at Offer and Hired, and their evidence files. */
  rightToWork: RightToWorkRepository;
  /** The worker thread that checks evidence files, away from the main thread. */
  evidenceChecks: EvidencePool;
  /** Adjustment requests, read only by the adjustments contact. */
  adjustments: AdjustmentRepository;
  /** Equality monitoring returns, kept with no link back (docs/security.md#equality-monitoring). */
  monitoring: EqualityMonitoring;
  /** The time it is now, for the parts that go by the calendar (tests move it: start-server.ts). */
  now: () => Date;
  /** The talent pool as the CV sweep reads it (talent-pool/ builds its own for its calls and its export). */
  talentPool: TalentPoolReader;
  /** The tracking links' names by code, for the reports' source labels (the sources domain's table). */
  trackingLinkNames: () => Promise<ReadonlyMap<string, string>>;
  /** What an application stores of where it came from (docs/behaviour.md#sources). */
  sources: SourceResolver;
  /** Each module's erasure of what it keeps about an address besides applications (modules.ts). */
  subjectErasers: SubjectErasers;
  /** Each module's part of an address's access export besides applications (modules.ts). */
  subjectExporters: SubjectExporters;
}
