import { spawnSync } from 'node:child_process';

/**
 * Runs a few lines of ESM in a Node of its own (the one running the tests), with TypeScript
 * sources importable through tsx: for what must not share the test runner's process, such as its
 * memory, its V8 flags or `process.exit`. `execArgv` come before the program; `env` is added to
 * the test runner's environment.
 */
export function runNode(
  source: string,
  { execArgv = [] as string[], timeoutMs = 30_000, env = {} as Readonly<Record<string, string>> } = {},
) {
  return spawnSync(process.execPath, [...execArgv, '--import', 'tsx', '--input-type=module', '-e', source], {
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, ...env },
  });
}

/** The last line a program printed, read as JSON (what the sources given to runNode report). */
export function lastJsonLine<T>(stdout: string): T {
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as T;
}
