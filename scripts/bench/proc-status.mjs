// Memory figures of a running process from /proc (Linux), in bytes.
import { readFileSync, writeFileSync } from 'node:fs';

/** A `Vm*` line of /proc/<pid>/status in bytes (VmHWM is the peak resident set), or undefined. */
export function procStatusBytes(pid, field) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Resets the peak resident set (VmHWM) to the current one, so a later reading is the peak of
 * what happened in between (Linux 4.0+, "5" in clear_refs). False when not allowed.
 */
export function resetPeakRss(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** CPU time a process has used (all its threads), in clock ticks; undefined once it is gone. */
function cpuTicks(pid) {
  try {
    // The command name (field 2) may hold spaces: count the fields from the ')' that ends it.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Waits until none of the processes used more than `share` of a core over `windowMs` (at most
 * `limitMs` in all). Servers measured in turns on one pinned core finish a round's work after
 * its last answer (checking and storing the last CVs, collecting garbage); without this the
 * next round's server shares the core with that and the order of the rounds decides the figures.
 */
export async function waitForCpuQuiet(pids, { share = 0.03, windowMs = 500, limitMs = 30_000 } = {}) {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const ends = Date.now() + limitMs;
  let before = pids.map(cpuTicks);
  while (Date.now() < ends) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = pids.map(cpuTicks);
    const busiest = Math.max(0, ...now.map((ticks, i) => (ticks ?? 0) - (before[i] ?? 0)));
    if (busiest <= share * windowMs * ticksPerMs) return true;
    before = now;
  }
  return false;
}
