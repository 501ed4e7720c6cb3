import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';

/**
 * Runs a command-line tool's main and exits with its code; a bad configuration or a data folder
 * in use is reported as its message alone, anything else prefixed with the tool's name.
 */
export function runTool(name: string, main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(
        error instanceof ConfigError || error instanceof DataDirInUseError
          ? error.message
          : `${name}: ${error instanceof Error ? error.message : error}`,
      );
      process.exit(1);
    });
}
