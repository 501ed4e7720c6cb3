import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectDir } from './server-process';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The newest change to the server's source (src/server, src/shared), once per test process. */
let newestSource: number | undefined;
const sourceChangedAt = (): number => {
  if (newestSource !== undefined) return newestSource;
  let newest = 0;
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else newest = Math.max(newest, statSync(file).mtimeMs);
    }
  };
  for (const folder of ['src/server', 'src/shared']) visit(path.join(projectDir, folder));
  return (newestSource = newest);
};

/**
 * How a tool is run: the build's bundle (`dist/server/<tool>.js`, what `npm run build:server`
 * ships) on the project's Node when it is newer than every source file, which starts in a third of
 * the time and halved the CLI tests on a loaded machine; otherwise, and when asked, through tsx as
 * `npm run <tool>` does.
 */
function command(tool: string, via: 'build' | 'tsx'): [string, string[]] {
  const built = path.join(projectDir, 'dist/server', `${tool}.js`);
  if (via === 'build' && existsSync(built) && statSync(built).mtimeMs >= sourceChangedAt())
    return [path.join(projectDir, 'node_modules', 'node', 'bin', 'node'), [built]];
  return [
    path.join(projectDir, 'node_modules', '.bin', 'tsx'),
    [path.join(projectDir, 'src/server/cli', `${tool}.ts`)],
  ];
}

/**
 * A command-line tool of src/server/cli as a real process (see `command` for which form). Run
 * from a scratch `cwd` so that no developer's .env is read; `env` is laid over this process's.
 */
export function runCli(
  tool: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; via?: 'build' | 'tsx' },
) {
  return new Promise<CliRun>((resolve, reject) => {
    const [program, start] = command(tool, options.via ?? 'build');
    const child = spawn(program, [...start, ...args], {
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
