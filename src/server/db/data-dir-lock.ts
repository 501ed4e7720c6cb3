import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * PGlite is a database inside one process: a second process opening the same folder would
 * corrupt it. The server marks the folder with its pid and that process's start time while it
 * runs; the command-line tools refuse to open a folder a live server holds.
 *
 * A pid alone cannot tell whose mark it is: after a crash or a power cut the number is soon
 * reused by some unrelated process, and a server killed a moment ago stays a zombie until its
 * parent reaps it. So a mark holds only while a process with that pid is running (not a zombie)
 * and started when the marking one did; anything else is what a dead server left behind.
 */
const markFile = (dataDir: string) => path.join(dataDir, 'server.pid');

interface Mark {
  pid: number;
  /** When the marking process started, as `startOf` tells it; empty where that cannot be read. */
  started: string;
}

interface RunningProcess {
  /** Undefined where the system does not tell (the pid alone is then trusted). */
  started: string | undefined;
}

let bootId: string | undefined;
const linuxBootId = (): string => {
  try {
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    bootId = '';
  }
  return bootId;
};

const signalable = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The process with this pid, unless there is none or it is a zombie. Its start time comes from
 * /proc on Linux (clock ticks since a boot named by its id, so equal only for the very same
 * process) and from ps elsewhere; Windows has neither and gets none.
 */
function lookUp(pid: number): RunningProcess | undefined {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name, in parentheses, may hold spaces: count the fields after it.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
      return { started: `${linuxBootId()}:${fields[19]}` };
    } catch {
      // /proc hidden (hidepid): fall through to the signal, which cannot see zombies.
    }
  } else if (process.platform !== 'win32') {
    try {
      const line = execFileSync('ps', ['-o', 'stat=', '-o', 'lstart=', '-p', String(pid)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      const [state = '', ...started] = line.split(/\s+/);
      if (!line || state.startsWith('Z')) return undefined;
      return { started: started.join(' ') };
    } catch {
      // ps exits 1 when there is no such process.
      return undefined;
    }
  }
  return signalable(pid) ? { started: undefined } : undefined;
}

const startOf = (pid: number): string => lookUp(pid)?.started ?? '';

function readMark(dataDir: string): Mark | undefined {
  try {
    const [pidLine = '', started = ''] = readFileSync(markFile(dataDir), 'utf8').split('\n');
    const pid = Number(pidLine.trim());
    return Number.isInteger(pid) && pid > 0 ? { pid, started: started.trim() } : undefined;
  } catch {
    return undefined;
  }
}

/** The pid of the live server holding this data folder, if any (this process too, if it does). */
export function serverHolding(dataDir: string): number | undefined {
  const mark = readMark(dataDir);
  if (!mark) return undefined;
  const running = lookUp(mark.pid);
  if (!running) return undefined;
  if (mark.started && running.started) return mark.started === running.started ? mark.pid : undefined;
  // No start time to compare (a mark from an older version, or a system that does not tell): a
  // mark naming this very process is from an earlier life under the same pid (a container restart).
  return mark.pid === process.pid ? undefined : mark.pid;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * Marks the folder as this server's; rejects if a live server holds it. Returns the release.
 * Reading the old mark and writing the new one happen under a short lock of their own, so two
 * servers starting at once cannot both find the folder free.
 */
export async function holdDataDir(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const unlock = await lockfile.lock(dataDir, {
    lockfilePath: path.join(dataDir, 'server.pid.lock'),
    realpath: false,
    // Held for a few milliseconds; one left by a process that died holding it is taken over.
    stale: 5000,
    retries: { retries: 40, minTimeout: 50, maxTimeout: 250 },
    onCompromised: () => undefined,
  });
  const own: Mark = { pid: process.pid, started: startOf(process.pid) };
  try {
    const holder = serverHolding(dataDir);
    if (holder) {
      throw new DataDirInUseError(
        `Another server (pid ${holder}) is running on the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    writeFileSync(markFile(dataDir), `${own.pid}\n${own.started}\n`, { mode: 0o600 });
  } finally {
    await unlock().catch(() => undefined);
  }
  return () => {
    const mark = readMark(dataDir);
    if (mark?.pid === own.pid && mark.started === own.started) rmSync(markFile(dataDir), { force: true });
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
