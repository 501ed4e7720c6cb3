import { fork, type ChildProcess } from 'node:child_process';
import type { AnswerMessage, TaskMessage } from './serve-tasks';
import { TASK_IDLE_MS, taskFile } from './task-file';

export interface ChildTaskOptions {
  /** The caller's `import.meta.url`: the child's entry lies beside it, in the sources or the build. */
  callerUrl: string;
  /** The entry's file name without extension (see task-file.ts); it calls `serveTasks`. */
  name: string;
  idleTimeoutMs?: number;
}

/**
 * A task run in a child process that exists only while there is work for it: started by the
 * first task, asked to leave once it has been idle for `idleTimeoutMs`. For rare work that loads
 * a lot (the prerender): a child's memory goes back to the system whole when it exits, where an
 * exited worker thread leaves its malloc arena, several megabytes, in the server for good (see
 * docs/operations.md#memory). Tasks and answers are copied between the processes, so they should
 * be small.
 *
 * The entry calls `serveTasks` (serve-tasks.ts). The child gets no environment but NODE_ENV:
 * none of the server's secrets are its business.
 */
export function createChildTask(options: ChildTaskOptions) {
  const idleTimeoutMs = options.idleTimeoutMs ?? TASK_IDLE_MS;
  /**
   * Each task with the process it was sent to: a process let go while idle exits a moment later,
   * and its exit must fail only its own tasks (none), not those already sent to its successor.
   */
  const pending = new Map<
    number,
    { owner: ChildProcess; resolve(value: unknown): void; reject(error: Error): void }
  >();
  let child: ChildProcess | undefined;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  const settle = (id: number, outcome: { value: unknown } | { error: Error }) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if ('error' in outcome) waiting.reject(outcome.error);
    else waiting.resolve(outcome.value);
    if (pending.size === 0) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        // Let go of it: with its channel closed the child leaves, and a task from now on starts another.
        const idle = child;
        child = undefined;
        if (idle?.connected) idle.disconnect();
      }, idleTimeoutMs).unref();
    }
  };

  const start = () => {
    const started = fork(taskFile(options.callerUrl, options.name), [], {
      env: process.env.NODE_ENV === undefined ? {} : { NODE_ENV: process.env.NODE_ENV },
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The server's own handles keep it running; a child at rest must not.
    started.unref();
    started.channel?.unref();
    started.on('message', (message: AnswerMessage) => {
      if (pending.get(message.id)?.owner !== started) return;
      settle(message.id, message.ok ? { value: message.value } : { error: new Error(message.message) });
    });
    const gone = (why: string) => {
      if (child === started) child = undefined;
      for (const [id, task] of [...pending])
        if (task.owner === started) settle(id, { error: new Error(`the ${options.name} process ${why}`) });
    };
    started.once('exit', (code, signal) => gone(`exited (${signal ?? `code ${code}`})`));
    started.once('error', (error) => gone(`failed: ${error.message}`));
    return started;
  };

  return {
    run: <T>(input: unknown): Promise<T> => {
      clearTimeout(idleTimer);
      const target = (child ??= start());
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { owner: target, resolve: resolve as (value: unknown) => void, reject });
        target.send({ id, input } satisfies TaskMessage, (error) => {
          if (error) settle(id, { error });
        });
      });
    },
    /** Whether the child process is there now (tests). */
    running: () => child !== undefined,
    close: async () => {
      clearTimeout(idleTimer);
      const closing = child;
      if (!closing || closing.exitCode !== null || closing.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => closing.once('exit', () => resolve()));
      closing.kill();
      await exited;
    },
  };
}
