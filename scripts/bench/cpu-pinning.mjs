// On a shared 2-core machine a server and its load generator fight over the same cores, and
// which one wins changes from run to run. Pinning every server under test to CPU 0 and every
// load generator (wrk, the CV upload client) to CPU 1 makes the comparison fair (each server gets
// one core, the same one) and much steadier. BENCH_PIN=0 turns it off.
import { spawnSync } from 'node:child_process';
import os from 'node:os';

export const SERVER_CPU = 0;
export const LOAD_CPU = 1;

const hasTaskset = () => spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;

export const pinning = process.env.BENCH_PIN !== '0' && os.cpus().length >= 2 && hasTaskset();

/** The command line that runs `command args` on `cpu` (unchanged when pinning is off). */
export function onCpu(cpu, command, args) {
  return pinning ? { command: 'taskset', args: ['-c', String(cpu), command, ...args] } : { command, args };
}
