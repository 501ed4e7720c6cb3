import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * No screen address is written as text in the app: lint (scripts/lint/no-screen-path-literal.js,
 * wired in eslint.config.js) refuses one, so every address comes from the route table.
 */

const eslint = new ESLint();
const RULE = 'local/no-screen-path-literal';

const refusals = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
};

describe('lint and screen addresses', () => {
  it('refuses a screen address written as a string or template literal in the app', async () => {
    const code = [
      "import { Link, useNavigate } from 'react-router-dom';",
      'export function Links({ id, search }: { id: string; search: string }) {',
      '  const navigate = useNavigate();',
      "  void navigate('/dashboard/applications?stage=new');",
      '  void navigate(`/dashboard/applications${search}`);',
      '  return <><Link to="/about">About</Link><Link to={`/apply/${id}`}>Apply</Link><a href="/">Home</a></>;',
      '}',
      '',
    ].join('\n');
    const messages = await refusals(code, 'src/renderer/features/site/links.tsx');
    expect(messages).toHaveLength(5);
    expect(messages[0]).toContain('screens.applications.path()');
    expect(messages).toContainEqual(expect.stringContaining('screens.apply.path()'));
    expect(await refusals(code, 'src/renderer/layout/links.tsx')).toHaveLength(5);
  }, 30_000);

  it('leaves the table, the API, comparisons and other addresses alone', async () => {
    const code = [
      "import { screens } from '../../../../shared/site/screen-routes';",
      'export const home = screens.home.path();',
      "export const external = (pathname: string) => pathname.startsWith('/') && !pathname.startsWith('//');",
      "export const health = '/api/health';",
      "export const notAScreen = '/no-such-page';",
      '',
    ].join('\n');
    expect(await refusals(code, 'src/renderer/features/site/links.ts')).toEqual([]);
    // An API slice names the API's own paths, such as POST /api/login.
    const api = "export const login = { url: '/login', method: 'POST' };\n";
    expect(await refusals(api, 'src/renderer/features/auth/auth-api.ts')).toEqual([]);
  }, 30_000);
});
