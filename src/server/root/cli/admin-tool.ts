import { openDatabase } from '../../db/database';
import { createUserRepository } from '../../auth/user-repository';
import { createAccountRepository } from '../../auth/account-repository';
import { assertNoServerHolding } from '../../db/data-dir-lock';
import { loadToolConfig, runTool } from './run-tool';
import { runBackupCommand, storageCommands } from './backup-cli';

const usage = [
  'Usage: npm run admin -- grant <email> | revoke <email> | reset-2fa <email>',
  '       npm run admin -- backup <file> | restore <file> [--erasure-log <file>]... | move-to-postgres <DATABASE_URL>',
].join('\n');
const commands = ['grant', 'revoke', 'reset-2fa'] as const;
type Command = (typeof commands)[number];

const isCommand = (value: string | undefined): value is Command => commands.includes(value as Command);

/**
 * `npm run admin -- grant|revoke <email>`: gives or takes administrator rights on a registered
 * account. `reset-2fa <email>`: removes an account's second factor (a lost phone) and signs it
 * out everywhere. `backup`, `restore` and `move-to-postgres`: see backup-cli.ts.
 */
async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  const storageCommand = storageCommands.find((name) => name === command);
  if ((!isCommand(command) && !storageCommand) || !email) {
    console.error(usage);
    return 2;
  }
  const config = loadToolConfig();
  if (storageCommand) return runBackupCommand(storageCommand, argv.slice(1), config, usage);
  if (!config.databaseUrl) assertNoServerHolding(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const users = createUserRepository(database.db);
    if (command === 'reset-2fa') {
      const user = await users.findByEmail(email);
      if (!user) {
        console.error(`No account is registered with ${email}. Check the address and try again.`);
        return 1;
      }
      const removed = await createAccountRepository(database.db).removeTwoFactor(
        user.id,
        'two-factor-reset-by-cli',
        null,
      );
      if (!removed) {
        console.info(`${user.email} does not have two-step verification on. Nothing was changed.`);
        return 0;
      }
      console.info(
        [
          `Two-step verification has been removed from ${user.email}, with its recovery codes.`,
          'The account has been signed out on every device. At the next login it signs in with its',
          config.requireAdmin2fa
            ? 'password and must set up two-step verification again (REQUIRE_ADMIN_2FA is on).'
            : 'password alone, and can set up two-step verification again on the Account screen.',
        ].join('\n'),
      );
      return 0;
    }
    const changed = await users.setAdmin(email, command === 'grant');
    if (!changed) {
      console.error(`No account is registered with ${email}. Register it on the site first.`);
      return 1;
    }
    console.info(`${email} is ${command === 'grant' ? 'now' : 'no longer'} an administrator.`);
    return 0;
  } finally {
    await database.close();
  }
}

runTool('admin', main);
