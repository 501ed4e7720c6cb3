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
