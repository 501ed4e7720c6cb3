// A task process for tests/server/runtime/child-task.test.ts: echoes its input, or fails, or dies, as asked.
import { register } from 'tsx/esm/api';

register();
const { serveTasks } = await import('../../../src/server/runtime/serve-tasks.ts');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

serveTasks(async (input) => {
  if (input.fail) throw new Error(`refused: ${input.fail}`);
  if (input.die) process.exit(3);
  // Answers only once the given process has gone (and some time after), so a test can be sure
  // that process's exit was seen by the server while this task was still out.
  if (input.afterExitOf) {
    while (alive(input.afterExitOf)) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { echoed: input, pid: process.pid, env: Object.keys(process.env) };
});
