// Like scripts/start.mjs: builds what is missing, so the benchmark runs on a fresh clone. The
// server build is also redone when its PGlite seed for the current migrations is missing (the
// migrations changed since the last build): without it every new data folder runs PGlite's
// initdb, and both the start figure and the seeding would measure a stale build.
// A build older than its sources is only reported, not redone: the working tree may be shared
// with tests that use dist/ at that moment. `--build` rebuilds everything first.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { defaultSeed } from '../../src/server/db/pglite-seed.ts';
import { root } from './product-server.mjs';

const serverBuild = path.join(root, 'dist', 'server', 'main.js');
const webBuild = path.join(root, 'dist', 'web', 'index.html');
const prerenderBuild = path.join(root, 'dist', 'web-prerender', 'prerender.js');

/** The newest modification time of any file under the given folders (0 when there is none). */
function newestChange(folders) {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else newest = Math.max(newest, statSync(file).mtimeMs);
    }
  };
  for (const folder of folders) if (existsSync(path.join(root, folder))) visit(path.join(root, folder));
  return newest;
}

/** Builds what is missing; returns the npm scripts it ran and the builds older than their sources. */
export function buildIfMissing({ force = false } = {}) {
  const needed = force
    ? ['build']
    : [
        ...(!existsSync(serverBuild) || !existsSync(defaultSeed()) ? ['build:server'] : []),
        ...(!existsSync(webBuild) || !existsSync(prerenderBuild) ? ['build:web'] : []),
      ];
  for (const script of needed) {
    console.info(`npm run ${script} ...`);
    execSync(`npm run --silent ${script}`, { cwd: root, stdio: 'inherit' });
  }
  const stale = [
    [serverBuild, ['src/server', 'src/shared']],
    [webBuild, ['src/renderer', 'src/web', 'src/shared']],
  ]
    .filter(([build, sources]) => newestChange(sources) > statSync(build).mtimeMs)
    .map(([build]) => path.relative(root, build));
  for (const build of stale) {
    console.warn(
      `${build} is older than its sources: measuring that build (\`npm run bench -- --build\` rebuilds)`,
    );
  }
  return { ran: needed, stale };
}
