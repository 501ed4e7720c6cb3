import type { ServerModule } from '../domain-module/server-module';
import { auditEntries } from '../db/schema';

/** The audit trail: who read or changed what. Its calls are the applications' and privacy's. */
export const auditModule: ServerModule<unknown> = {
  name: 'audit',
  tables: [auditEntries],
  privacy: {
    personalData: true,
    export: {
      what: 'Every entry about the address or its applications.',
      by: 'audit/audit-repository.ts#forSubject',
    },
    erase: {
      what: 'Every entry about the address (or the application), one entry keyed by a digest recording the erasure.',
      by: 'audit/audit-repository.ts#removeSubject',
    },
    purge: {
      what: 'The entries of each application purged.',
      by: 'audit/audit-repository.ts#removeApplication',
    },
    restoreReplay: {
      what: 'Entries about an erased address, or an application purged or erased, since the backup are dropped.',
      by: 'backups/restore.ts#keep',
    },
  },
};
