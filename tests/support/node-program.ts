import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** tsx's loader by its path: the tools run from a scratch folder, where `tsx` alone resolves to nothing. */
const tsxLoader = path.join(projectDir, 'node_modules', 'tsx', 'dist', 'loader.mjs');

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
 * How one of the server's programs (`main`, the server; `admin`, `purge`... the command-line
 * tools) is run as a process: the build's bundle (`dist/server/<name>.js`, what
 * `npm run build:server` ships) on the project's Node when it is newer than every source file,
 * which starts in a third of tsx's time and halved the tests that start processes on a loaded
 * machine; otherwise, and when asked, the source through tsx, as `npm run dev` and
 * `npm run <tool>` do.
 */
export function nodeProgram(name: string, source: string, via: 'build' | 'tsx' = 'build'): string[] {
  const built = path.join(projectDir, 'dist/server', `${name}.js`);
  if (via === 'build' && existsSync(built) && statSync(built).mtimeMs >= sourceChangedAt())
    return [process.execPath, built];
  // tsx's loader in the one process, not its command (which runs the program in a child): a
  // SIGKILL in a test must reach the program itself.
  return [process.execPath, '--import', pathToFileURL(tsxLoader).href, path.join(projectDir, source)];
}
