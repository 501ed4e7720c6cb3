import path from 'node:path';
import { entryBundle } from '../support/bundle-size';
import { projectDir } from '../support/server-process';
import { expect, test } from './fixtures';

/**
 * A visitor of `/` downloads only the web entry before interacting (src/web/main.tsx): the app
 * (React, RTK Query, the router...) comes on the first press, key or focus. The budget for that first
 * download is 40 KB gzip, and no admin code may be in it.
 */
const CEILING_BYTES = 40 * 1024;

test('the JS loaded on / before any interaction fits the gzip budget and holds no admin code', () => {
  const bundle = entryBundle(path.join(projectDir, 'dist', 'web'));
  const report = bundle.files
    .map((file) => `${(file.gzipBytes / 1024).toFixed(1)} KB  ${file.file}`)
    .join('\n');
  console.info(`[bundle] ${(bundle.gzipBytes / 1024).toFixed(1)} KB gzip for /\n${report}`);
  for (const file of bundle.files)
    expect(file.file).not.toMatch(/dashboard|admin|cv-preview|pdfjs|sweetalert/i);
  // The app itself is not part of it: it waits for the first interaction.
  for (const file of bundle.files) expect(file.source ?? '').not.toMatch(/start-app/);
  expect(bundle.gzipBytes, report).toBeLessThanOrEqual(CEILING_BYTES);
});
