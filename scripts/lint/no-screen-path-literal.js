import { screens } from '../../src/shared/site/screen-routes.ts';

/**
 * Refuses a screen's address written as text in the app (`'/about'`, `` `/apply/${id}` ``,
 * `'/dashboard/applications?stage=new'`): every address comes from the route table
 * (src/shared/site/screen-routes.ts), so a screen that moves or goes is changed in one place
 * (docs/architecture.md#the-route-table).
 */

/** Strings passed to these are compared or cut, not addresses a user is sent to. */
const STRING_METHODS = new Set(['startsWith', 'endsWith', 'includes', 'indexOf', 'lastIndexOf', 'split']);

const rows = Object.entries(screens);

/** The table's name for the screen at `text` (query and fragment aside), if any. */
function screenNamed(text) {
  if (!text.startsWith('/')) return undefined;
  const pathname = text.split('?')[0].split('#')[0];
  return rows.find(([, route]) => route.match(pathname) !== undefined)?.[0];
}

const comparedOnly = (node) =>
  node.parent.type === 'TSLiteralType' ||
  (node.parent.type === 'CallExpression' &&
    node.parent.arguments.includes(node) &&
    node.parent.callee.type === 'MemberExpression' &&
    node.parent.callee.property.type === 'Identifier' &&
    STRING_METHODS.has(node.parent.callee.property.name));

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Screen addresses come from the route table, never from a string literal.' },
    schema: [],
    messages: {
      literal:
        '{{text}} is the address of a screen: build it with screens.{{name}}.path() from src/shared/site/screen-routes.ts.',
    },
  },
  create(context) {
    const check = (node, texts) => {
      if (comparedOnly(node)) return;
      for (const text of texts) {
        const name = screenNamed(text);
        if (name) {
          context.report({
            node,
            messageId: 'literal',
            data: { text: context.sourceCode.getText(node), name },
          });
          return;
        }
      }
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, [node.value]);
      },
      TemplateLiteral(node) {
        // Each interpolation as a parameter (`/apply/${id}`) and as nothing (`/dashboard/applications${search}`).
        const parts = node.quasis.map((quasi) => quasi.value.cooked ?? '');
        check(node, [parts.join('x'), parts.join('')]);
      },
    };
  },
};
