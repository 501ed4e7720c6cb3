import path from 'node:path';
import { expect, test } from '@playwright/test';
import { entryBundle } from '../support/bundle-size';
import { projectDir } from '../support/server-process';

/**
 * The budget for the JS a visitor downloads for `/` is 130 KB gzip. It is NOT met yet
 * (about 136 KB today, with the home page's styles compiled at build time): React 19's react-dom
 * alone is about 60 KB, RTK Query with immer about 26 KB and react-router about 13 KB. Until it is
 * met this guards against growth; lower it to TARGET_BYTES once it is.
 */
const TARGET_BYTES = 130 * 1024;
const CEILING_BYTES = 140 * 1024;

test('the JS loaded on / fits the gzip budget and holds no admin code', () => {
  const bundle = entryBundle(path.join(projectDir, 'dist', 'web'));
  const report = bundle.files
    .map((file) => `${(file.gzipBytes / 1024).toFixed(1)} KB  ${file.file}`)
    .join('\n');
  console.info(`[bundle] ${(bundle.gzipBytes / 1024).toFixed(1)} KB gzip for /\n${report}`);
  for (const file of bundle.files)
    expect(file.file).not.toMatch(/dashboard|admin|cv-preview|pdfjs|sweetalert/i);
  if (bundle.gzipBytes > TARGET_BYTES)
    console.warn(
      `[bundle] ${((bundle.gzipBytes - TARGET_BYTES) / 1024).toFixed(1)} KB over the 130 KB target`,
    );
  expect(bundle.gzipBytes, report).toBeLessThanOrEqual(CEILING_BYTES);
});
