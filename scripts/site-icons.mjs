// Draws the site's icons into src/web/public from the logo mark in src/shared/site/site-icons.ts:
// run after changing the brand's colours or name (`npm run icons`), and commit what it writes.
// It needs rsvg-convert and icotool (Debian: `apt-get install librsvg2-bin icoutils`); the build
// and the tests do not, since the files are committed (tests/server/site/site-icons.test.ts checks
// that they still match the mark).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SITE_ICONS, siteIconSvg } from '../src/shared/site/site-icons.ts';

const publicDir = path.resolve('src/web/public');
const work = mkdtempSync(path.join(os.tmpdir(), 'site-icons-'));
const source = (shape) => {
  const file = path.join(work, `${shape}.svg`);
  writeFileSync(file, siteIconSvg(shape));
  return file;
};
const rounded = source('rounded');
const square = source('square');
const png = (svg, size, out) =>
  execFileSync('rsvg-convert', ['-w', `${size}`, '-h', `${size}`, svg, '-o', out]);
const inPublic = (icon) => path.join(publicDir, icon.path.slice(1));

try {
  writeFileSync(inPublic(SITE_ICONS.svg), siteIconSvg('rounded'));
  png(square, SITE_ICONS.appleTouch.sizes[0], inPublic(SITE_ICONS.appleTouch));
  png(rounded, SITE_ICONS.small.sizes[0], inPublic(SITE_ICONS.small));
  png(rounded, SITE_ICONS.large.sizes[0], inPublic(SITE_ICONS.large));
  png(square, SITE_ICONS.maskable.sizes[0], inPublic(SITE_ICONS.maskable));
  const sizes = SITE_ICONS.favicon.sizes.map((size) => {
    const out = path.join(work, `favicon-${size}.png`);
    png(rounded, size, out);
    return out;
  });
  execFileSync('icotool', ['--create', '--output', inPublic(SITE_ICONS.favicon), ...sizes]);
  console.info(`icons written to ${path.relative(process.cwd(), publicDir)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
