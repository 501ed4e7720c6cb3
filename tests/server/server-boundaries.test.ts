import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's folders import only what docs/architecture.md#import-rules lists for each, and
 * `npm run lint` holds them to it: an import a folder is not allowed fails lint.
 */

/** The table lint holds the server to (eslint.config.js, a module without types of its own). */
const { serverImports } = (await import(new URL('../../eslint.config.js', import.meta.url).href)) as {
  serverImports: Record<string, string[]>;
};
const eslint = new ESLint();
/** The boundary errors lint finds in a file at `filePath` that imports `target`. */
const boundaryErrors = async (filePath: string, target: string) => {
  const code = `import type { Probe } from '${target}';\nexport type P = Probe;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'boundaries/dependencies');
};

const documented = () => {
  const text = readFileSync('docs/architecture.md', 'utf8');
  const rows = text.matchAll(/^\| `([a-z-]+)\/`\s*\| ([a-z, -]+?)\s*\|$/gm);
  return Object.fromEntries(
    [...rows].map(([, folder, uses]) => [
      `server-${folder}`,
      uses === 'nothing' ? [] : uses!.split(', ').map((use) => (use === 'root' ? 'server' : `server-${use}`)),
    ]),
  );
};

describe('the server folders’ imports', () => {
  it('are the ones docs/architecture.md lists, folder by folder', () => {
    expect(documented()).toEqual(serverImports);
  });

  it.each([
    [
      'a domain importing one it is not allowed',
      'src/server/jobs/probe.ts',
      '../applications/application-repository',
    ],
    ['a shared part importing a domain', 'src/server/db/probe.ts', '../auth/guards'],
    [
      'the audit trail importing the privacy domain',
      'src/server/audit/probe.ts',
      '../privacy/subject-requests',
    ],
    ['a domain importing the server’s composition', 'src/server/auth/probe.ts', '../root/app-context'],
    [
      'a new domain importing another domain',
      'src/server/benefits/probe.ts',
      '../applications/application-repository',
    ],
    ['a domain not allowed the configuration importing it', 'src/server/jobs/probe.ts', '../config'],
  ])('lint refuses %s', async (_name, filePath, target) => {
    const errors = await boundaryErrors(filePath, target);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/may not import/);
  });

  it.each([
    [
      'a domain importing one listed for it',
      'src/server/privacy/probe.ts',
      '../applications/application-repository',
    ],
    ['a domain importing the configuration it is allowed', 'src/server/auth/probe.ts', '../config'],
    ['the composition importing a domain', 'src/server/root/probe.ts', '../privacy/retention'],
    ['a new domain importing a shared part', 'src/server/benefits/probe.ts', '../auth/guards'],
  ])('lint accepts %s', async (_name, filePath, target) => {
    expect(await boundaryErrors(filePath, target)).toEqual([]);
  });
});
