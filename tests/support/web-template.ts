import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
