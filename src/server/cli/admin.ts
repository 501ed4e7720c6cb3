import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createUserRepository } from '../auth/user-repository';
import { assertNoServerHolding } from '../db/data-dir-lock';
import { runTool } from './run-tool';

const usage = 'Usage: npm run admin -- grant <email> | revoke <email>';

/** `npm run admin -- grant|revoke <email>`: gives or takes administrator rights on a registered account. */
async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error(usage);
    return 2;
  }
  try {
    process.loadEnvFile('.env');
  } catch {
    // The environment alone configures the tool.
  }
  const config = loadConfig();
  if (!config.databaseUrl) assertNoServerHolding(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const users = createUserRepository(database.db);
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
