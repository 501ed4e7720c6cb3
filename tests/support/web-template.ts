import {
  cpSync,
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRERENDER_DIR, PRERENDER_FILE } from '../../src/shared/site/prerender';

/**
 * A stand-in for the Vite build's dist/web: an index.html of the same shape (a <title> and an
 * empty root), one hashed asset and, as the build copies them, the real files of src/web/public
 * (the icons), so server tests can check the pages the server fills in without building the React
 * app.
 */
export function fakeWebBuild(options: { prerender?: string } = {}): string {
  // dist/web inside its own folder: the prerender bundle lives beside it (dist/web-prerender).
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'careers-web-')), 'web');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  cpSync(path.resolve('src/web/public'), dir, { recursive: true });
  if (options.prerender !== undefined) {
    mkdirSync(path.join(dir, '..', PRERENDER_DIR));
    writeFileSync(path.join(dir, '..', PRERENDER_DIR, PRERENDER_FILE), options.prerender);
    // The real bundle is an ES module by the project's package.json; out here it needs its own.
    writeFileSync(path.join(dir, '..', PRERENDER_DIR, 'package.json'), '{ "type": "module" }\n');
  }
  // Big enough for the build's precompression to bother with (1 KB and up).
  writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('app '.repeat(600))});\n`,
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.css'), '.page{color:#242424}\n');
  writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en-GB">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <title>Careers</title>',
      '    <script type="module" crossorigin src="/assets/index-abc123.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">',
      '    <link rel="modulepreload" crossorigin href="/assets/start-app-def456.js">',
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '  </body>',
      '</html>',
      '',
    ].join('\n'),
  );
  return dir;
}

/** Removes a fake build with its prerender bundle. */
export function removeFakeWebBuild(dir: string): void {
  rmSync(path.dirname(dir), { recursive: true, force: true });
}

/** The newest change to what the prerender is built from, once per test process. */
let newestSource: number | undefined;
const prerenderSourceChangedAt = (): number => {
  if (newestSource !== undefined) return newestSource;
  let newest = 0;
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else newest = Math.max(newest, statSync(file).mtimeMs);
    }
  };
  for (const folder of ['src/web', 'src/renderer', 'src/shared']) visit(path.resolve(folder));
  return (newestSource = newest);
};

/**
 * The app's real prerender, as the `prerender` module a fake build carries: the build's bundle
 * (dist/web-prerender, what `npm run build:web` ships) when it is newer than every source file it
 * is made from, which loads in a fraction of the time the sources take through the TypeScript
 * loader (the whole app and its UI library, on every server start); otherwise the sources.
 */
export function realPrerender(): string {
  const built = path.resolve('dist', PRERENDER_DIR, PRERENDER_FILE);
  const module =
    existsSync(built) && statSync(built).mtimeMs >= prerenderSourceChangedAt()
      ? built
      : path.resolve('src/web/prerender.tsx');
  return `export { prerender } from ${JSON.stringify(pathToFileURL(module).href)};`;
}
