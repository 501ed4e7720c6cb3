import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a database inside one process: a second process opening the same folder would
 * corrupt it. The server marks the folder with its pid while it runs; the command-line tools
 * refuse to open a folder a live server holds. A mark left by a killed server (dead pid) is ignored.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The pid of a live server holding this data folder, if any (other than this process). */
export function serverHolding(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Marks the folder as this server's; throws if another live server holds it. Returns the release. */
export function holdDataDir(dataDir: string): () => void {
  const holder = serverHolding(dataDir);
  if (holder) {
    throw new DataDirInUseError(
      `Another server (pid ${holder}) is running on the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => {
    if (serverHolding(dataDir) === undefined) rmSync(lockFile(dataDir), { force: true });
  };
}

/** For the command-line tools: refuses while a live server holds the embedded database. */
export function assertNoServerHolding(dataDir: string): void {
  const holder = serverHolding(dataDir);
  if (holder) {
    throw new DataDirInUseError(
      `The server (pid ${holder}) is using the embedded database in ${dataDir}. Stop it first, then run this again.`,
    );
  }
}
