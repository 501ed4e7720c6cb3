import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import noScreenPathLiteral from './scripts/lint/no-screen-path-literal.js';

/**
 * The layers of the code, top to bottom (docs/architecture.md#the-renderers-layers). A layer may
 * import itself and the layers listed for it, nothing else: so imports only point down, features
 * never reach into each other, and only the composition layers (app, the desktop entry) see more
 * than one feature. What several features show (a stage, a job's posts, an application's notes)
 * sits one layer lower, in entities. `src/shared` is the contract every program shares.
 */
const features = readdirSync('src/renderer/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureTypes = features.map((name) => `feature-${name}`);
const below = {
  platform: [],
  lib: ['platform'],
  store: ['lib', 'platform'],
  feedback: ['lib'],
  components: ['lib', 'platform'],
  layout: ['components', 'feedback', 'store', 'lib', 'platform'],
  entities: ['components', 'feedback', 'store', 'lib', 'platform'],
};
const featureMayUse = ['entities', 'layout', 'components', 'feedback', 'store', 'lib', 'platform'];
/**
 * The server's folders and the folders each may import (docs/architecture.md#import-rules): the
 * shared parts at the bottom, then the domains, each importing only the domains listed for it, so
 * no import runs back up. `server` is `root/` (the programs and the composition, which see
 * everything) with config.ts; `server-config` stands for config.ts alone, the one such file a
 * domain may import. A folder not listed is a domain that imports no other: `aDomainMayUse`.
 */
export const serverImports = {
  'server-runtime': [],
  'server-erasures': [],
  'server-db': ['server-runtime'],
  'server-http': ['server-runtime', 'server-db'],
  'server-domain-module': ['server-db'],
  'server-blobs': ['server-db'],
  'server-audit': ['server-db', 'server-http', 'server-domain-module'],
  'server-email': ['server-runtime', 'server-db', 'server-http', 'server-domain-module'],
  'server-events': ['server-runtime', 'server-db'],
  'server-metrics': ['server-db', 'server-http', 'server-domain-module'],
  'server-auth': ['server-config', 'server-db', 'server-http', 'server-email', 'server-domain-module'],
  'server-jobs': ['server-db', 'server-http', 'server-auth', 'server-events', 'server-domain-module'],
  'server-applications': [
    'server-runtime',
    'server-db',
    'server-http',
    'server-blobs',
    'server-audit',
    'server-email',
    'server-auth',
    'server-jobs',
    'server-erasures',
    'server-events',
    'server-domain-module',
  ],
  'server-privacy': [
    'server-runtime',
    'server-db',
    'server-http',
    'server-audit',
    'server-email',
    'server-auth',
    'server-applications',
    'server-erasures',
    'server-domain-module',
  ],
  'server-team': [
    'server-db',
    'server-http',
    'server-blobs',
    'server-audit',
    'server-erasures',
    'server-email',
    'server-auth',
    'server-jobs',
    'server-applications',
    'server-domain-module',
  ],
  'server-my-application': [
    'server-db',
    'server-http',
    'server-email',
    'server-applications',
    'server-domain-module',
  ],
  'server-interviews': [
    'server-runtime',
    'server-db',
    'server-http',
    'server-audit',
    'server-email',
    'server-auth',
    'server-applications',
    'server-my-application',
    'server-team',
    'server-events',
    'server-domain-module',
  ],
  'server-site': ['server-config', 'server-runtime', 'server-http', 'server-jobs', 'server-domain-module'],
  'server-backups': ['server-db', 'server-blobs', 'server-erasures'],
  'server-right-to-work': [
    'server-runtime',
    'server-db',
    'server-http',
    'server-blobs',
    'server-audit',
    'server-email',
    'server-auth',
    'server-applications',
    'server-domain-module',
  ],
  'server-adjustments': ['server-db', 'server-http', 'server-audit', 'server-auth', 'server-domain-module'],
  'server-equality-monitoring': ['server-db', 'server-http', 'server-domain-module', 'server-reporting'],
  'server-reporting': [],
  'server-reports': [
    'server-runtime',
    'server-db',
    'server-http',
    'server-events',
    'server-domain-module',
    'server-reporting',
    'server-response-times',
  ],
};
/** The shared parts any domain may build on; a domain missing from the table imports these alone. */
const aDomainMayUse = [
  'server-config',
  'server-runtime',
  'server-db',
  'server-http',
  'server-blobs',
  'server-audit',
  'server-email',
  'server-events',
  'server-erasures',
  'server-auth',
  'server-domain-module',
];
const serverTable = Object.fromEntries(
  readdirSync('src/server', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'root')
    .map((entry) => `server-${entry.name}`)
    .map((type) => [type, serverImports[type] ?? aDomainMayUse]),
);
const serverFolders = Object.keys(serverTable);
const layers = {
  shared: [],
  ...Object.fromEntries(
    Object.entries(serverTable).map(([type, uses]) => [
      type,
      [...uses.filter((use) => use !== 'server-config'), 'shared'],
    ]),
  ),
  server: [...serverFolders, 'server-domain', 'shared'],
  'server-domain': [...aDomainMayUse.filter((use) => use !== 'server-config'), 'shared'],
  main: ['shared'],
  preload: ['shared'],
  ...Object.fromEntries(Object.entries(below).map(([layer, uses]) => [layer, [...uses, 'shared']])),
  ...Object.fromEntries(featureTypes.map((type) => [type, [...featureMayUse, 'shared']])),
  app: [...featureTypes, ...featureMayUse, 'shared'],
  desktop: ['app', ...featureTypes, ...featureMayUse, 'shared'],
  web: ['app', ...featureTypes, ...featureMayUse, 'shared'],
};
const elements = [
  ...serverFolders.map((type) => ({
    type,
    pattern: `src/server/${type.replace(/^server-/, '')}`,
  })),
  // Past the folders above: the root's programs and composition, then any folder not yet read
  // (a domain importing no other), then the server's own files (config.ts).
  { type: 'server', pattern: 'src/server/root' },
  { type: 'server-domain', pattern: 'src/server/*' },
  ...['shared', 'server', 'main', 'preload', 'web'].map((type) => ({ type, pattern: `src/${type}` })),
  ...['app', 'desktop', 'entities', 'layout', 'components', 'feedback', 'store', 'lib', 'platform'].map(
    (type) => ({
      type,
      pattern: `src/renderer/${type}`,
    }),
  ),
  ...features.map((name) => ({ type: `feature-${name}`, pattern: `src/renderer/features/${name}` })),
].map((element) => ({ ...element, partialMatch: false }));

/**
 * Dates a person reads (screens, server-drawn pages, e-mails) are written one way, UK style,
 * through src/shared/format/date.ts (docs/behaviour.md#dates-and-sizes): the browser's locale
 * would write 11/05/2026 for a reader who takes it for 11 May, and MM/DD/YYYY is only the stored
 * form of a post's publishTime. ESLint sees no types, so a toLocaleString is taken for a date's
 * when it is called on `new Date(...)`, on something named like a date, or with date options.
 */
const readableDateMessage =
  'Write a date a person reads through src/shared/format/date.ts (formatDate "28 November 2026", formatShortDate "28 Nov 2026", formatTime "14:00", ...): docs/behaviour.md#dates-and-sizes.';
const DATE_NAME = '/(?:[Dd]ate|[Tt]ime|At|On|Until|[Dd]ay|asOf)$/';
const localeDateSelectors = [
  'CallExpression[callee.property.name=/^toLocale(?:Date|Time)String$/]',
  "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
  `CallExpression[callee.property.name='toLocaleString'][callee.object.name=${DATE_NAME}]`,
  `CallExpression[callee.property.name='toLocaleString'][callee.object.property.name=${DATE_NAME}]`,
  "CallExpression[callee.property.name='toLocaleString'] > ObjectExpression > Property[key.name=/^(?:year|month|day|weekday|hour|minute|second|dateStyle|timeStyle|timeZone)$/]",
  "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
].map((selector) => ({ selector, message: readableDateMessage }));
const usDateSelectors = [
  {
    selector: 'ImportSpecifier[imported.name=/^formatUsDate(?:Time)?$/]',
    message: `MM/DD/YYYY is only the stored form of a post's publishTime and editTime, written by the job routes and the job form. ${readableDateMessage}`,
  },
];
/** An API address written as text (`'/login'`, `` `/post/${id}` ``) rather than built from apiPaths. */
const apiPathSelectors = [
  {
    selector:
      'Literal[value=/^\\/[a-z]/]:not(ImportDeclaration > Literal), TemplateElement[value.raw=/^\\/[a-z]/]',
    message: 'API addresses come from apiPaths in src/shared/http/api-routes.ts, never from text.',
  },
];
const readableDateFiles = [
  'src/renderer/**/*.{ts,tsx}',
  'src/web/**/*.{ts,tsx}',
  'src/server/site/**/*.ts',
  'src/server/email/**/*.ts',
  // Each domain's e-mails, built beside the rest of it.
  'src/server/**/*-email.ts',
  'src/server/**/*-emails.ts',
];
// The job form writes the stored publishTime and editTime (the job routes, outside these files, too).
const storedDateWriters = ['src/renderer/features/jobs/job-form-page.tsx'];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'out',
      'release',
      'data',
      'drizzle',
      'test-results',
      'playwright-report',
      '.bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'A {{from.element.type}} file may not import {{to.element.type}}: imports only point down the layers (docs/architecture.md#import-rules).',
          policies: [
            ...Object.entries(layers).map(([type, uses]) => ({
              from: { element: { type } },
              allow: { to: { element: { types: { anyOf: [type, ...uses] } } } },
            })),
            ...[...Object.entries(serverTable), ['server-domain', aDomainMayUse]]
              .filter(([, uses]) => uses.includes('server-config'))
              .map(([type]) => ({
                from: { element: { type } },
                allow: { to: { element: { type: 'server', fileInternalPath: 'config.ts' } } },
              })),
          ],
        },
      ],
    },
  },
  {
    // Much of what the patterns read comes from strangers (addresses, bodies, headers): none may
    // take more than linear time on any text (docs/security.md#input-handling).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential' }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'electron is imported only in src/main and src/preload.',
            },
            {
              group: ['node:*'],
              message: 'The renderer runs in a browser: no Node modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // Screens are addressed through the route table (docs/architecture.md#the-route-table). The
    // API slices and the store address the API, whose paths may look like a screen's (`/login`).
    files: ['src/renderer/**/*.{ts,tsx}', 'src/web/**/*.{ts,tsx}'],
    ignores: ['src/renderer/**/*-api.ts', 'src/renderer/store/**'],
    plugins: { local: { rules: { 'no-screen-path-literal': noScreenPathLiteral } } },
    rules: { 'local/no-screen-path-literal': 'error' },
  },
  {
    // One component per file, its styles beside it (docs/architecture.md#the-renderers-layers): a
    // file past 300 lines is holding more than one thing.
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', 'react'],
              message: 'src/shared is the contract: no Node, React or Electron.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['electron', 'react'], message: 'The server depends only on src/shared.' }],
        },
      ],
    },
  },
  {
    files: readableDateFiles,
    ignores: storedDateWriters,
    rules: { 'no-restricted-syntax': ['error', ...localeDateSelectors, ...usDateSelectors] },
  },
  {
    files: storedDateWriters,
    rules: { 'no-restricted-syntax': ['error', ...localeDateSelectors] },
  },
  {
    // The API's addresses come from the API path table (docs/architecture.md#the-api-path-table), so
    // a call written as text here could drift from the route the server registers. The date rules
    // are repeated: a file's no-restricted-syntax is the last block's alone.
    files: ['src/renderer/**/*-api.ts', 'src/renderer/store/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...localeDateSelectors, ...usDateSelectors, ...apiPathSelectors],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs,js}'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
