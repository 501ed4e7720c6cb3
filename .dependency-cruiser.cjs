/**
 * The cycle check of `npm run lint`: no module may import itself back through others, in any
 * program; and no server route module may import another. Type-only imports count too: a circle
 * of types is still two files that cannot be understood apart. The layers themselves are ESLint's (eslint.config.js).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a loop: move what both need into a third, lower file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-route-module-imports-another',
      severity: 'error',
      comment:
        'A route module registers its own calls and nothing else uses it but the composition (app.ts, or a ' +
        'module like interviews/interview-calls.ts): what two route modules share lives in a module of its ' +
        'own in their domain, so each can be read, moved or dropped alone.',
      from: { path: '^src/server/.+-routes\\.ts$' },
      to: { path: '^src/server/.+-routes\\.ts$' },
    },
    {
      name: 'no-schemas-on-the-cv-checking-thread',
      severity: 'error',
      comment:
        'The CV-checking thread (applications/cv-intake-worker.ts) does byte work only: every module it ' +
        "loads is memory held on that thread at the intake's peak, and zod with the form schemas was about " +
        '15 MB of it. Validate on the main thread (applications/application-intake.ts); see ' +
        'docs/operations.md#memory.',
      from: { path: '^src/server/applications/cv-intake-worker\\.ts$' },
      to: {
        path: [
          '(^|/)node_modules/zod/',
          '^src/shared/applications/',
          '^src/server/applications/application-intake\\.ts$',
        ],
        reachable: true,
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
