// A task process for tests/server/child-task.test.ts: echoes its input, or fails, or dies, as asked.
import { register } from 'tsx/esm/api';

register();
const { serveTasks } = await import('../../../src/server/serve-tasks.ts');
serveTasks(async (input) => {
  if (input.fail) throw new Error(`refused: ${input.fail}`);
  if (input.die) process.exit(3);
  return { echoed: input, pid: process.pid, env: Object.keys(process.env) };
});
