import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectDir } from './server-process';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A command-line tool of src/server/cli as `npm run <tool>` runs it (tsx), as a real process.
 * Run from a scratch `cwd` so that no developer's .env is read; `env` is laid over this process's.
 */
export function runCli(tool: string, args: string[], options: { cwd: string; env: Record<string, string> }) {
  return new Promise<CliRun>((resolve, reject) => {
    const child = spawn(
      path.join(projectDir, 'node_modules', '.bin', 'tsx'),
      [path.join(projectDir, 'src/server/cli', `${tool}.ts`), ...args],
      { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
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
