/**
 * The server's feature folders must not depend on each other in a circle (issue 25, decision 032):
 * eslint's import-x/no-cycle sees cycles between files; this sees them between folders, where
 * orders -> returns -> orders is a cycle even when no single file closes it.
 * Run by `npm run lint:folders` (part of `npm run check`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-feature-folder-cycles',
      severity: 'error',
      comment:
        'Server feature folders must not import each other in a circle: move the data to its owner, ' +
        'or let the owner react to an event (decision 032).',
      scope: 'folder',
      from: { path: '^apps/server/src/features/[^/]+$' },
      to: { path: '^apps/server/src/features/[^/]+$', circular: true },
    },
  ],
  options: {
    // Only the features: lib/ and db/ never import them (eslint's layer zones; database.ts takes only
    // their table types), and plugins/ and app.ts are the shell that composes them.
    includeOnly: '^apps/server/src/features/',
    exclude: { path: ['\\.test\\.ts$', '\\.factories\\.ts$', '\\.test-helpers\\.ts$'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
