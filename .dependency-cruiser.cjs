// The import rules that keep the console's features standing alone and both packages free of import cycles
// (issue 20 §2, STYLE.md "web/ — one feature, one folder"). Run by `pnpm lint` (`pnpm run lint:imports`), so by
// scripts/test.sh too. There is no baseline of known violations: any one fails the check.
//
// dependency-cruiser rather than Biome's noRestrictedImports: one rule with a capture group ($1, the importing
// feature) covers every feature, where Biome would need an override per feature folder and a pattern per way of
// writing a relative path; it also names the whole cycle when it finds one.

/** The app's modules a feature may use: small helpers and types, never the shell that draws the pages. */
const appHelpersForFeatures = [
  'paths',
  'time',
  'routeTable',
  'queryClient',
  'listState',
  'ListStates',
  'permissions',
  'guards',
  'storage',
  'currentRoute',
  'LanguageSelect',
  'layout/useMobile',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-imports-another-feature',
      comment:
        'A feature imports only shared/, api/, i18n/, app helpers and its own files. Move what two features use down ' +
        'into web/src/shared/ (UI, helpers) or web/src/api/ (queries, types), never sideways.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'feature-imports-app-shell',
      comment: `A feature may use these app modules only: ${appHelpersForFeatures.join(', ')}.`,
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: {
        path: '^web/src/app/',
        pathNot: `^web/src/app/(${appHelpersForFeatures.join('|')})\\.tsx?$`,
      },
    },
    {
      name: 'shell-imports-a-feature',
      comment:
        "The app shell, shared/, api/ and i18n/ never import a feature: the shell gets a feature's header and menu " +
        'parts through the route table (src/routes.tsx, the one place that knows every feature).',
      severity: 'error',
      from: { path: '^web/src/(app|shared|api|i18n)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'no-circular',
      comment: 'An import cycle in the console or the server: break it by moving the common part down.',
      severity: 'error',
      from: { path: '^(web|server)/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
    // Type-only imports count: a type taken from another feature ties the two as much as a value does.
    // (dependency-cruiser parses with TypeScript 5, given to it in pnpm-workspace.yaml's packageExtensions.)
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
