// Bundles the API server and its command-line tools into dist/server. Dependencies stay external
// packages, except those in BUNDLED.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// drizzle-orm is bundled into the server: loaded as a package, each of its hundreds of module files
// made Node 24 read its 179 KB package.json anew, about 160 MB of garbage in the start's first half
// second (docs/operations.md#memory).
const BUNDLED = ['drizzle-orm'];
const taskEntries = JSON.parse(readFileSync('scripts/server-task-entries.json', 'utf8'));
const { dependencies, optionalDependencies, devDependencies } = JSON.parse(
  readFileSync('package.json', 'utf8'),
);
// Optional ones too: the server loads its native addon (careers-malloc-trim) where it was built.
const external = Object.keys({ ...dependencies, ...optionalDependencies })
  .filter((name) => !BUNDLED.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

/** The package a bare import names: `pkg` of `pkg/sub`, `@scope/pkg` of `@scope/pkg/sub`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Fails the build when the server's code imports a devDependency. It would otherwise be bundled
 * without a word, and a production install (`npm ci --omit=dev`) would not notice it is missing
 * from `dependencies`; a runtime package belongs there.
 */
const noDevDependencies = {
  name: 'no-dev-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier, importer }) => {
      const name = packageOf(specifier);
      if (specifier.startsWith('node:') || !(name in devDependencies) || name in dependencies)
        return undefined;
      return {
        errors: [
          {
            text: `${path.relative('.', importer)} imports ${specifier}, a devDependency: the server needs it at run time, so move it to dependencies in package.json`,
          },
        ],
      };
    });
  },
};

// Chunk names carry a hash of their content: without this, each build would leave the chunks of the
// one before beside its own, and a copied dist/server would carry them all.
rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    // The entry checks the Node.js version, then loads the server (server.js) beside it.
    main: 'src/server/root/main.ts',
    server: 'src/server/root/server-main.ts',
    // The admin tool's entry restarts with the server's settings, then loads the tool beside it.
    admin: 'src/server/root/cli/admin.ts',
    'admin-tool': 'src/server/root/cli/admin-tool.ts',
    purge: 'src/server/root/cli/purge.ts',
    // The tasks the server runs in threads and child processes, each loaded from beside the
    // entry (src/server/runtime/task-file.ts): the CV intake's thread, the evidence checks' thread
    // and the prerender's process. One list, which the end-to-end tests' clock server bundles too.
    ...taskEntries,
    'build-pglite-seed': 'src/server/root/cli/build-pglite-seed.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // A database driver's code stays in a chunk of its own, loaded only for the database chosen.
  splitting: true,
  // Beside the entries: code finds its worker's and child's files next to its own.
  chunkNames: '[name]-[hash]',
  target: 'node24',
  external,
  plugins: [noDevDependencies],
  sourcemap: true,
  logLevel: 'warning',
});
console.info('built dist/server');

// A migrated, empty PGlite database for new data folders (see src/server/db/pglite-seed.ts).
execFileSync(process.execPath, ['dist/server/build-pglite-seed.js'], { stdio: 'inherit' });
