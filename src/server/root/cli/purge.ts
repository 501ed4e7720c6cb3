import { buildContext, closeContext } from '../start-server';
import { assertNoServerHolding } from '../../db/data-dir-lock';
import { loadToolConfig, runTool } from './run-tool';
import { purgeExpiredApplications } from '../../privacy/retention';

const usage = 'Usage: npm run purge [-- --dry-run]';

/**
 * `npm run purge`: deletes applications older than RETENTION_DAYS (with their CVs), except held
 * ones; `--dry-run` lists them and deletes nothing. The server does the same every day by itself.
 */
async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--dry-run');
  if (unknown.length > 0) {
    console.error(usage);
    return 2;
  }
  const dryRun = argv.includes('--dry-run');
  const config = loadToolConfig();
  if (!config.databaseUrl) assertNoServerHolding(config.dataDir);
  // The tool never creates the first admin: that is the server's job at its start.
  const context = await buildContext({ ...config, bootstrapAdmin: undefined });
  for (const notice of context.startNotices) console.warn(notice);
  try {
    const { cutoff, expired, deleted } = await purgeExpiredApplications(context, config.retentionDays, {
      dryRun,
    });
    const when = cutoff.toISOString().slice(0, 10);
    if (expired.length === 0) {
      console.info(`No applications older than ${config.retentionDays} days (before ${when}) to delete.`);
      return 0;
    }
    for (const row of expired) {
      console.info(
        `${dryRun ? 'would delete' : 'deleted'}  ${row.createdAt.toISOString().slice(0, 10)}  ${row.id}  ${row.name} <${row.email}>  ${row.jobTitle}`,
      );
    }
    console.info(
      dryRun
        ? `Dry run: ${expired.length} application(s) older than ${config.retentionDays} days would be deleted; nothing was changed.`
        : `Deleted ${deleted} application(s) older than ${config.retentionDays} days, with their CVs.`,
    );
    return 0;
  } finally {
    await closeContext(context);
  }
}

runTool('purge', main);
