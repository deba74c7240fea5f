// Import cycles, checked by dependency-cruiser (`npm run lint:cycles`, part of `npm run lint`). It replaced
// ESLint's import/no-cycle, which re-parsed every file's imports inside the type-aware ESLint pass and was its
// costliest rule (3.7 s of ~30); this runs beside ESLint in ~3 s. The other import boundaries stay ESLint rules.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a circle: move what both need into a third module.',
      from: {},
      // A cycle matters when it runs at load time: `import type` is erased by the compiler, so it cannot close one.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
