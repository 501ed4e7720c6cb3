import path from 'node:path';
import type { Config } from '../../config';
import { SIGNING_KEY_FILE } from '../../auth/tokens';
import { BackupError, type RestoreResult } from '../../backups/restore';
import { moveToPostgres, restoreBackup, takeBackup } from '../../backups/backup-commands';

export const storageCommands = ['backup', 'restore', 'move-to-postgres'] as const;
type StorageCommand = (typeof storageCommands)[number];

const redacted = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

const summary = (result: RestoreResult) => {
  const applications = result.tables.find((table) => table.name === 'applications')?.rows ?? 0;
  const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
  return `${applications} application(s) with ${result.cvs} CV(s), ${rows} rows in ${result.tables.length} tables`;
};

/**
 * `backup <file>`, `restore <file> [--erasure-log <file>]...` and `move-to-postgres <url>`
 * (docs/operations.md#backups-and-restore). A refusal (a damaged archive, a target that is not
 * empty) is its message alone and exit 1; wrong usage exits 2.
 */
export async function runBackupCommand(
  command: StorageCommand,
  args: string[],
  config: Config,
  usage: string,
): Promise<number> {
  const [subject, ...rest] = args;
  const extraLogs: string[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    if (command !== 'restore' || rest[i] !== '--erasure-log' || !rest[i + 1]) {
      console.error(usage);
      return 2;
    }
    extraLogs.push(rest[i + 1]!);
  }
  if (!subject) {
    console.error(usage);
    return 2;
  }
  try {
    if (command === 'backup') {
      const manifest = await takeBackup(config, subject);
      const applications = manifest.tables.find((table) => table.name === 'applications')?.rows ?? 0;
      console.info(
        [
          `Backup written to ${subject} and checked: ${applications} application(s) with ${manifest.cvs.length} CV(s), taken at ${manifest.createdAt} from ${manifest.source === 'pglite' ? 'PGlite' : 'PostgreSQL'}.`,
          'It holds personal data: keep it where only the operators can read it,',
          'and delete it once it is older than the retention period (docs/operations.md#how-long-to-keep-backups).',
        ].join('\n'),
      );
      return 0;
    }
    if (command === 'restore') {
      const result = await restoreBackup(config, subject, [config.erasureLog, ...extraLogs]);
      console.info(
        [
          `Restored ${summary(result)} from the backup taken at ${result.manifest.createdAt}; counts and CV checksums match.`,
          `Erasure log: ${result.erasuresReplayed} entr${result.erasuresReplayed === 1 ? 'y' : 'ies'} since then replayed, ${result.applicationsErased} application(s) left out.`,
          'Start the server as usual.',
        ].join('\n'),
      );
      return 0;
    }
    const result = await moveToPostgres(config, subject);
    console.info(
      [
        `Copied ${summary(result)} from ${config.dataDir} to PostgreSQL; counts and CV checksums match.`,
        'To run on PostgreSQL, change the configuration (environment or .env):',
        `  DATABASE_URL=${redacted(subject)}`,
        `  JWT_SECRET: needed with DATABASE_URL, the same on every instance: keep yours if you set one, or use the text of ${path.join(config.dataDir, SIGNING_KEY_FILE)} to keep everyone signed in.`,
        `  DATA_DIR: now holds only sent e-mails (outbox/, without SMTP_URL) and the erasure log; ${config.dataDir}/db and cvs/ are no longer used.`,
        '  ERASURE_LOG: with several instances, give each its own file or one on a volume they share.',
        'Then start the server (or several, behind a load balancer). Keep the old data folder until you have checked the site.',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
