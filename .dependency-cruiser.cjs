/**
 * The cycle check of `npm run lint`: no module may import itself back through others, in any
 * program. Type-only imports count too: a circle of types is still two files that cannot be
 * understood apart. The layers themselves are ESLint's (eslint.config.js).
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
