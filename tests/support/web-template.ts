import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the Vite build's dist/web: an index.html of the same shape (a <title> and an
 * empty root) and one hashed asset, so server tests can check the pages the server fills in
 * without building the React app.
 */
export function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'careers-web-'));
  mkdirSync(path.join(dir, 'assets'));
  // Big enough for the build's precompression to bother with (1 KB and up).
  writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('app '.repeat(600))});\n`,
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en-GB">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <title>Careers</title>',
      '    <script type="module" crossorigin src="/assets/index-abc123.js"></script>',
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
