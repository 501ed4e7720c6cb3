import { afterEach, describe, expect, it } from 'vitest';
import { createChildTask } from '../../../src/server/runtime/child-task';

/** The task process for rare work that loads a lot (the prerender), with a stand-in task. */

const callerUrl = new URL('../../support/child-task/caller.ts', import.meta.url).href;
interface Echo {
  echoed: unknown;
  pid: number;
  env: string[];
}
const opened: ReturnType<typeof createChildTask>[] = [];
const echoTask = (idleTimeoutMs = 60_000) => {
  const task = createChildTask({ callerUrl, name: 'echo-task', idleTimeoutMs });
  opened.push(task);
  return task;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((task) => task.close()));
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (condition: () => boolean) => {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 10_000) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('a task process', () => {
  it('is started by the first task, not before, and answers in a process of its own', async () => {
    const task = echoTask();
    expect(task.running()).toBe(false);
    const answer = await task.run<Echo>({ page: '/' });
    expect(task.running()).toBe(true);
    expect(answer.echoed).toEqual({ page: '/' });
    expect(answer.pid).not.toBe(process.pid);
    expect((await task.run<Echo>({ page: '/apply/1' })).pid).toBe(answer.pid);
  });

  it("gets none of the server's environment but NODE_ENV (no secrets)", async () => {
    process.env.CHILD_TASK_TEST_SECRET = 'not for the child';
    try {
      const { env } = await echoTask().run<Echo>({});
      expect(env).not.toContain('CHILD_TASK_TEST_SECRET');
      expect(env.filter((name) => name !== 'NODE_ENV')).toEqual([]);
    } finally {
      delete process.env.CHILD_TASK_TEST_SECRET;
    }
  });

  it("rejects a failed task with the task's message and goes on serving", async () => {
    const task = echoTask();
    await expect(task.run({ fail: 'bad page' })).rejects.toThrow('refused: bad page');
    expect((await task.run<Echo>({ after: true })).echoed).toEqual({ after: true });
  });

  it('leaves once idle for its time, and the next task starts another', async () => {
    const task = echoTask(300);
    const first = await task.run<Echo>({});
    await until(() => !alive(first.pid));
    expect(task.running()).toBe(false);
    const second = await task.run<Echo>({});
    expect(second.pid).not.toBe(first.pid);
  });

  it("a process let go while idle, exiting late, takes none of its successor's tasks with it", async () => {
    const task = echoTask(300);
    const first = await task.run<Echo>({});
    // Let go once idle: the next task starts a new process before the old one has gone.
    await until(() => !task.running());
    const second = await task.run<Echo>({ afterExitOf: first.pid });
    expect(second.pid).not.toBe(first.pid);
    expect(second.echoed).toEqual({ afterExitOf: first.pid });
    expect(alive(first.pid)).toBe(false);
  });

  it('rejects the tasks of a process that dies, and starts a new one for the next', async () => {
    const task = echoTask();
    await expect(task.run({ die: true })).rejects.toThrow(/echo-task process exited/);
    expect((await task.run<Echo>({ again: true })).echoed).toEqual({ again: true });
  });

  it('is ended by close', async () => {
    const task = echoTask();
    const { pid } = await task.run<Echo>({});
    await task.close();
    expect(alive(pid)).toBe(false);
    expect(task.running()).toBe(false);
  });
});
