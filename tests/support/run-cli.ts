import { spawn } from 'node:child_process';
import { nodeProgram } from './node-program';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A command-line tool of src/server/root/cli as a real process (see node-program.ts for which form). Run
 * from a scratch `cwd` so that no developer's .env is read; `env` is laid over this process's.
 */
export function runCli(
  tool: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; via?: 'build' | 'tsx' },
) {
  return new Promise<CliRun>((resolve, reject) => {
    const [program, ...start] = nodeProgram(tool, `src/server/root/cli/${tool}.ts`, options.via);
    const child = spawn(program!, [...start, ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
