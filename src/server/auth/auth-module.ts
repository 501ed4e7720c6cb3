import type { ServerModule } from '../domain-module/server-module';
import { accountEvents, passwordResets, recoveryCodes, twoFactor, users } from '../db/schema';
import type { Guards } from './guards';
import { authRoutes } from './auth-routes';
import { accountRoutes } from './account-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { twoFactorAdminRoutes, twoFactorRoutes } from './two-factor-routes';
import { twoFactorLoginRoutes } from './two-factor-login-routes';

type Deps = Parameters<typeof authRoutes>[1] &
  Parameters<typeof accountRoutes>[1] &
  Parameters<typeof passwordResetRoutes>[1] &
  Parameters<typeof twoFactorRoutes>[1];

/** Staff accounts: signing in, passwords and reset links, second factors, one's own account. */
export const authModule: ServerModule<Deps, Guards> = {
  name: 'auth',
  routes: (context, guards) => ({
    public(open) {
      authRoutes(open, context, guards);
      passwordResetRoutes(open, context);
      twoFactorRoutes(open, context, guards);
      twoFactorLoginRoutes(open, context);
    },
    account(account) {
      accountRoutes(account, context);
      twoFactorAdminRoutes(account, context);
    },
  }),
  tables: [users, passwordResets, twoFactor, recoveryCodes, accountEvents],
  privacy: {
    personalData: true,
    export: {
      what: 'Nothing: the access export is for applicants, and a staff account reads its own (GET /api/auth/account).',
    },
    erase: {
      what: 'A team member’s account goes when an administrator removes them, with its reset links, second factor, recovery codes and account events (foreign keys).',
      by: 'team/team-repository.ts#remove',
    },
    purge: { what: 'Nothing: accounts are kept while the person works here, not for a retention period.' },
    restoreReplay: {
      what: 'A team member removed since the backup is left out, with what goes with an account (the removal is in the erasure log).',
      by: 'backups/restore.ts#keep',
    },
  },
};
