import type { ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { TASK_IDLE_MS, taskFile } from './task-file';

export interface WorkerPoolOptions {
  /** The caller's `import.meta.url`: its task file lies beside it, in the sources or the build. */
  callerUrl: string;
  /** The task's file name without extension: `<name>.js` in the build, `<name>.dev.mjs` in the sources. */
  name: string;
  maxThreads: number;
  idleTimeoutMs?: number;
  resourceLimits?: ResourceLimits;
}

/**
 * Worker threads that exist only while there is work for them: none is started until the first
 * task (so tools that never give one start none), and each exits once it has been idle for
 * `idleTimeoutMs`, its memory with it (see docs/operations.md#memory). Starting a thread takes
 * tens of milliseconds, paid once per busy spell.
 */
export function createWorkerPool(options: WorkerPoolOptions) {
  let pool: Piscina | undefined;
  const started = () =>
    (pool ??= new Piscina({
      filename: taskFile(options.callerUrl, options.name),
      minThreads: 0,
      maxThreads: options.maxThreads,
      idleTimeout: options.idleTimeoutMs ?? TASK_IDLE_MS,
      // Its run and wait histograms are native memory kept as long as the pool (about 0.7 MB),
      // and nothing reads them.
      recordTiming: false,
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    }));
  return {
    run: <T>(task: unknown, runOptions?: Parameters<Piscina['run']>[1]): Promise<T> =>
      started().run(task, runOptions) as Promise<T>,
    /** Threads running now (tests). */
    threads: () => pool?.threads.length ?? 0,
    close: async () => {
      await pool?.destroy();
    },
  };
}
