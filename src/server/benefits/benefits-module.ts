import type { Database } from '../db/database';
import type { ServerModule } from '../domain-module/server-module';
import { createBenefitRepository } from './benefits-repository';
import { adminBenefitRoutes, publicBenefitRoutes } from './benefits-routes';
import { benefits } from './benefits-tables';

/** The benefits of working here: a public list, kept by administrators. */
export const benefitsModule: ServerModule<{ database: Database }> = {
  name: 'benefits',
  routes: ({ database }) => {
    const repository = createBenefitRepository(database.db);
    return {
      public: (scope) => publicBenefitRoutes(scope, repository),
      admin: (scope) => adminBenefitRoutes(scope, repository),
    };
  },
  tables: [benefits],
  eraseSubject:
    ({ database }) =>
    (email) =>
      createBenefitRepository(database.db).forget(email),
  privacy: {
    personalData: true,
    export: { what: 'Nothing: it keeps only the address of the administrator who added a benefit.' },
    erase: {
      what: 'Forgets the address as the adder of every benefit.',
      by: 'benefits/benefits-repository.ts#forget',
    },
    purge: { what: 'Nothing expires: a benefit stays until an administrator deletes it.' },
    restoreReplay: { what: 'An erased address is forgotten again by replaying its erasure.' },
  },
};
