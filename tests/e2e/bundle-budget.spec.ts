import path from 'node:path';
import { expect, test } from '@playwright/test';
import { entryBundle } from '../support/bundle-size';
import { projectDir } from '../support/server-process';

/** Issue 3: the JS a visitor downloads for `/` stays within budget and carries no admin code. */
const BUDGET_BYTES = 130 * 1024;

test('the JS loaded on / fits the gzip budget and holds no admin code', () => {
  const bundle = entryBundle(path.join(projectDir, 'dist', 'web'));
  const report = bundle.files.map((file) => `${(file.gzipBytes / 1024).toFixed(1)} KB  ${file.file}`).join('\n');
  console.info(`[bundle] ${(bundle.gzipBytes / 1024).toFixed(1)} KB gzip for /\n${report}`);
  for (const file of bundle.files) expect(file.file).not.toMatch(/dashboard|admin|pdf-preview|pdfjs|sweetalert/i);
  expect(bundle.gzipBytes, report).toBeLessThanOrEqual(BUDGET_BYTES);
});
