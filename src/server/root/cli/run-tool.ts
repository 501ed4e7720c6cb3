import { ConfigError, loadConfig, type Config } from '../../config';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { FilePermissionError, keepNewFilesPrivate, placeTightenedNotice } from '../../db/private-files';
import { securePrivateStorage } from '../start-server';

/**
 * Runs a command-line tool's main and exits with its code; a bad configuration, a data folder in
 * use or open to others is reported as its message alone, anything else prefixed with the tool's
 * name. Whatever the tool creates (a database, a backup's staging folder) is its account's alone
 * (docs/security.md#file-permissions).
 */
export function runTool(name: string, main: (argv: string[]) => Promise<number>): void {
  keepNewFilesPrivate();
  main(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(
        error instanceof ConfigError ||
          error instanceof DataDirInUseError ||
          error instanceof FilePermissionError
          ? error.message
          : `${name}: ${error instanceof Error ? error.message : error}`,
      );
      process.exit(1);
    });
}

/**
 * A tool's configuration, read as the server reads its own: the environment, with `.env` beneath
 * it when there is one. The data folder is made the account's own first, as at the server's start,
 * since the tool writes there too (docs/security.md#file-permissions); each place tightened is said.
 */
export function loadToolConfig(): Config {
  try {
    process.loadEnvFile('.env');
  } catch {
    // The environment alone configures the tool.
  }
  const config = loadConfig();
  for (const place of securePrivateStorage(config)) console.warn(placeTightenedNotice(place));
  return config;
}
