import type { FastifyBaseLogger } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DomainEventType, RecordedEvent } from '../../shared/events/domain-events';
import type { SubjectExportPart } from '../../shared/privacy/privacy-contract';
import type { Db } from '../db/database';
import type { Api } from './route-types';

/**
 * A stored file (a CV, right-to-work evidence) as an access export carries it: its size, and a
 * stand-in for its base64 that the answer replaces with the bytes as it is sent, so no export
 * holds its files whole (privacy/export-files.ts); `undefined` where no file is stored.
 */
export type ExportFileReader = (key: string) => Promise<{ size: number; base64: string } | undefined>;

/** One of a module's subscribers to the domain events. */
export interface ModuleSubscriber {
  name: string;
  /** The event types it hears: no delivery of any other is made for it. Every type when left out. */
  hears?: readonly DomainEventType[];
  handle: (event: RecordedEvent, tx: Db) => Promise<void>;
  /**
   * Several events at once, oldest first, in one transaction (events/event-dispatcher.ts
   * `EventBatchHandler`): for a subscriber that one change of many applications would otherwise
   * hand a transaction per application.
   */
  handleBatch?: (events: readonly RecordedEvent[], tx: Db) => Promise<void>;
}

/** One scope's calls of a module: registers them on the scope app.ts hands it. */
export type Registrar = (scope: Api) => void;

/**
 * The scopes under `/api` (auth/admin-scope.ts): `public` and `applicant` are both registered in
 * the open scope, `applicant` being the calls an applicant makes through their private link (the
 * link is their check); `account`, `admin` and `team` each in the guarded scope of that name.
 */
export interface ScopedRoutes {
  public?: Registrar;
  applicant?: Registrar;
  account?: Registrar;
  admin?: Registrar;
  team?: Registrar;
}

/**
 * One duty toward the people whose data a module keeps: what it does, in words, and the function
 * that does it as `file#name` under `src/server` (a test checks the file has the name). No `by`
 * when nothing is done, the words then saying why.
 */
export interface PrivacyDuty {
  what: string;
  by?: `${string}.ts#${string}`;
}

/**
 * What a module owes the people its tables hold data about: what it adds to an access export,
 * what an erasure and the retention purge delete, and what a restore's replay of the erasure log
 * drops again. Written down so a domain cannot keep personal data that none of them reaches.
 */
export type ModulePrivacy =
  | {
      personalData: true;
      export: PrivacyDuty;
      erase: PrivacyDuty;
      purge: PrivacyDuty;
      restoreReplay: PrivacyDuty;
    }
  | { personalData: false; why: string };

/**
 * A domain as the server composes it: its calls by scope, the tables it owns, the work it
 * schedules while the server serves, and its privacy duties. Each domain exports one from its own
 * folder and `modules.ts` lists them, so adding a domain touches its folder and that list.
 * `Deps` is the part of the server's context the domain uses (the context is handed in whole);
 * `Guards` the auth guards, for the few public calls that read an optional token.
 */
export interface ServerModule<Deps, Guards = unknown> {
  name: string;
  /** Built once per app; each registrar is called inside its scope. */
  routes?: (deps: Deps, guards: Guards) => ScopedRoutes;
  /** The Drizzle tables (db/schema.ts) this module alone writes and answers for. */
  tables: readonly PgTable[];
  /** Work started once the server listens; answers the function that stops it. */
  schedule?: (deps: Deps, log: FastifyBaseLogger) => () => void;
  privacy: ModulePrivacy;
  /**
   * For data a module keeps about an address that no application holds (and so no application's
   * deletion takes with it): erases it when the whole address is erased. Built once per server.
   */
  eraseSubject?: (deps: Deps) => (email: string) => Promise<void>;
  /**
   * What it adds to an address's access export of the data `eraseSubject` erases, its stored
   * files through `readFile`. Built once per server.
   */
  exportSubject?: (deps: Deps) => (email: string, readFile: ExportFileReader) => Promise<SubjectExportPart>;
  /**
   * What the module does when something happens elsewhere (docs/architecture.md#domain-events):
   * each subscriber a name, kept (it is its place in the database), and a handler given each
   * event recorded from its first start on, with the transaction its delivery commits in.
   */
  subscribers?: (deps: Deps) => readonly ModuleSubscriber[];
}
