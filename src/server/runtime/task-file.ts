import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How long a worker thread or task process with nothing to do stays before it exits. */
export const TASK_IDLE_MS = 10_000;

/**
 * A task's file beside its caller: the bundled `<name>.js` next to dist/server/main.js, or,
 * running from the TypeScript sources, `<name>.dev.mjs`, which registers tsx before importing the
 * task (a worker thread or a child process has no TypeScript loader of its own).
 */
export function taskFile(callerUrl: string, name: string): string {
  const here = path.dirname(fileURLToPath(callerUrl));
  const built = path.join(here, `${name}.js`);
  return existsSync(built) ? built : path.join(here, `${name}.dev.mjs`);
}
