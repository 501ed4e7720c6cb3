import { ConfigError } from '../../config';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { FilePermissionError, keepNewFilesPrivate } from '../../db/private-files';

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
