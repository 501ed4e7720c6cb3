import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface Finding {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string };
  confidence: { name: string };
  manualReview: boolean;
}

type Run = (
  options: Record<string, unknown>,
) => Promise<{ issues: Finding[]; errors: { file: string; message: string }[] }>;

const projectDir = path.resolve(import.meta.dirname, '../..');

/**
 * Findings Electronegativity reports on purpose-built code, each with the reason it stays. The
 * lead copies these into the README; any other MEDIUM or HIGH finding fails the audit.
 */
export const JUSTIFIED_FINDINGS: Record<string, string> = {
  PRELOAD_JS_CHECK:
    'The preload is required: it exposes one typed function per IPC message through contextBridge (nothing raw), and runs sandboxed with contextIsolation on; main checks every sender.',
  OPEN_EXTERNAL_JS_CHECK:
    'shell.openExternal is called in one place only, after isAllowedExternalUrl: mailto:/tel:, the company site and the configured careers server (http/https only, validated by the settings schema).',
  CSP_GLOBAL_CHECK:
    'The CSP is sent as a header by the app:// handler (src/main/content-security-policy.ts): its connect-src is the configured server, which a static meta tag cannot know.',
};

/**
 * Electronegativity fetches its texts for the current locale from the internet on every run
 * before it audits, falling back to the English texts it ships with. Without a network the fetch
 * fails, and `got`'s retry could fire after the run had ended and leave an unhandled rejection
 * that failed the test file. The audit takes the fallback at once instead: `got`, as that code
 * requires it, answers with a refusal and sends nothing.
 */
function keepAuditOffline(require: NodeJS.Require): void {
  const i18n = require.resolve('@doyensec/electronegativity/dist/locales/i18n.js');
  const gotPath = createRequire(i18n).resolve('got');
  const offline = new Module(gotPath);
  offline.filename = gotPath;
  offline.loaded = true;
  offline.exports = () => Promise.reject(new Error('the audit runs offline'));
  require.cache[gotPath] = offline;
}

/**
 * Electronegativity over the console's Electron code (main and preload together, so global checks
 * such as navigation limits and the permission handler see both) and the renderer's HTML page.
 */
async function audit(): Promise<Finding[]> {
  const input = mkdtempSync(path.join(os.tmpdir(), 'electronegativity-'));
  cpSync(path.join(projectDir, 'src/main'), path.join(input, 'main'), { recursive: true });
  cpSync(path.join(projectDir, 'src/preload'), path.join(input, 'preload'), { recursive: true });
  cpSync(path.join(projectDir, 'src/renderer/desktop/index.html'), path.join(input, 'renderer/index.html'));
  const require = createRequire(import.meta.url);
  keepAuditOffline(require);
  const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  const loaded = require('@doyensec/electronegativity') as Run & { default?: Run };
  const run = loaded.default ?? loaded;
  const result = await run({
    input,
    isRelative: true,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  });
  expect(result.errors.filter((error) => !('tolerable' in error) || !error.tolerable)).toEqual([]);
  return result.issues;
}

describe('Electronegativity over src/main and src/preload', () => {
  it(
    'finds nothing of high severity, and every medium finding is a justified one',
    { timeout: 120_000 },
    async () => {
      const findings = await audit();
      console.info(
        findings
          .map(
            (f) =>
              `${f.severity.name.padEnd(13)} ${f.confidence.name.padEnd(9)} ${f.id.padEnd(40)} ${f.file}:${f.location.line}`,
          )
          .join('\n') || 'no findings',
      );
      expect(findings.filter((f) => f.severity.name === 'HIGH')).toEqual([]);
      const unexplained = findings.filter(
        (f) => f.severity.name !== 'LOW' && f.severity.name !== 'INFORMATIONAL' && !JUSTIFIED_FINDINGS[f.id],
      );
      expect(unexplained).toEqual([]);
    },
  );
});
