import type { ServerModule } from '../domain-module/server-module';
import type { TalentPoolDeps } from './talent-pool-deps';
import { createTalentPoolReader, createTalentPoolRepository } from './talent-pool-repository';
import { adminTalentPoolRoutes, linkTalentPoolRoutes, publicTalentPoolRoutes } from './talent-pool-routes';
import { scheduleTalentPool } from './talent-pool-schedule';
import { talentPoolMembers, talentPoolOffers } from './talent-pool-tables';

const poolOf = (deps: TalentPoolDeps) =>
  createTalentPoolRepository({
    db: deps.database.db,
    blobs: deps.blobs,
    audit: deps.audit,
    erasureLog: deps.erasureLog,
  });

/**
 * The talent pool (docs/behaviour.md#the-talent-pool): people who asked to be kept for future
 * roles, by consent for 12 months (docs/security.md#the-talent-pool). Administrators alone see it.
 */
export const talentPoolModule: ServerModule<TalentPoolDeps> = {
  name: 'talent-pool',
  routes: (deps) => {
    const pool = poolOf(deps);
    return {
      public: (scope) => publicTalentPoolRoutes(scope, deps, pool),
      applicant: (scope) => linkTalentPoolRoutes(scope, deps, pool),
      admin: (scope) => adminTalentPoolRoutes(scope, deps, pool),
    };
  },
  tables: [talentPoolMembers, talentPoolOffers],
  schedule: (deps, log) => scheduleTalentPool(deps, log),
  eraseSubject: (deps) => {
    const pool = poolOf(deps);
    return (email) => pool.eraseSubject(email);
  },
  exportSubject: (deps) => {
    const reader = createTalentPoolReader({ db: deps.database.db });
    return async (email, readFile) => ({ talentPool: await reader.exportFor(email, readFile) });
  },
  privacy: {
    personalData: true,
    export: {
      what: 'The membership: name, address, departments, tags, consent dates and notice, and the CV.',
      by: 'talent-pool/talent-pool-repository.ts#exportFor',
    },
    erase: {
      what: 'The member, their CV, tags and pool e-mails; one audit entry by digest stays.',
      by: 'talent-pool/talent-pool-repository.ts#eraseSubject',
    },
    purge: {
      what: 'At the end of the consent (day 365), or a week after an unconfirmed request: the same.',
      by: 'talent-pool/talent-pool-schedule.ts#purgeEndedMembers',
    },
    restoreReplay: {
      what: 'A member who left, ended or was erased with their address since the backup is left out (the erasure log names them by digest).',
      by: 'backups/restore.ts#keep',
    },
  },
};
