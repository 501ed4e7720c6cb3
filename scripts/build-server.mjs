// Bundles the API server and its command-line tools into dist/server (dependencies stay external).
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

await build({
  entryPoints: {
    // The entry checks the Node.js version, then loads the server (server.js) beside it.
    main: 'src/server/main.ts',
    server: 'src/server/server-main.ts',
    admin: 'src/server/cli/admin.ts',
    purge: 'src/server/cli/purge.ts',
    // The worker thread's task (src/server/applications/intake-pool.ts loads it from here).
    'cv-intake-worker': 'src/server/applications/cv-intake-worker.ts',
    // The prerender's child process (src/server/site/prerender-loader.ts starts it from here).
    'prerender-process': 'src/server/site/prerender-process.ts',
    'build-pglite-seed': 'src/server/cli/build-pglite-seed.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.info('built dist/server');

// A migrated, empty PGlite database for new data folders (see src/server/db/pglite-seed.ts).
execFileSync(process.execPath, ['dist/server/build-pglite-seed.js'], { stdio: 'inherit' });
