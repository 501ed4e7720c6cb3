import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A route module reads best as a few functions, each registering the calls of one job (the
 * password, its reset, the second factor): docs/architecture.md#the-server. A function that
 * registers everything grows past what fits on a screen or two, so this holds the line.
 */
const MAX_LINES = 120;

function routeModules(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /-routes\.ts$|(^|\/)static-site\.ts$|^app\.ts$/.test(file))
    .map((file) => path.join(folder, file));
}

function functionLengths(file: string): Array<{ name: string; lines: number }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ name: string; lines: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name =
        (ts.isFunctionDeclaration(node) && node.name?.text) ||
        (ts.isVariableDeclaration(node.parent) && node.parent.name.getText(source)) ||
        `function at line ${first + 1}`;
      found.push({ name: `${path.relative(process.cwd(), file)} › ${name}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// The route modules, the static site's registration and the app that registers them all.
describe('route modules', () => {
  const modules = routeModules(path.resolve('src/server'));

  it('are found (the check below would pass on nothing)', () => {
    expect(modules.length).toBeGreaterThan(10);
  });

  it(`have no function over ${MAX_LINES} lines`, () => {
    const tooLong = modules
      .flatMap(functionLengths)
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ name, lines }) => `${name}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
