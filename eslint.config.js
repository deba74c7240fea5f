// ESLint 9 flat config: typescript-eslint's type-aware rules, React hooks, jsx-a11y, and the import boundaries
// of STYLE.md as errors. Every rule is an error or off, never a warning; a rule turned off says why on its line.
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const subfolders = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** A folder of features (web) or modules (server): each one may import the others only through their
 *  `index.ts`, the surface they export on purpose, never their internals. */
const featureZones = (root, word) => {
  const names = subfolders(root);
  return names.map((name) => ({
    target: `${root}/${name}`,
    from: root,
    except: [`./${name}`, ...names.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: `A ${word} imports another ${word} only through its index.ts (what it exports on purpose), not its internals.`,
  }));
};

const serverFromWeb = {
  target: './src/server',
  from: './src/web',
  message: 'The server never imports web code: share it through src/shared.',
};

const ROUTER_ONLY = 'Import routing from src/web/lib/router.tsx, the one place that knows the router library.';

const boundaries = [
  {
    target: './src/web',
    from: './src/server',
    message: 'The web app never imports server code: share it through src/shared.',
  },
  serverFromWeb,
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared is the contract: it imports neither the server nor the web app.',
  },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: './src/web/features',
    message: 'Shared web parts (components, lib) do not depend on features; features depend on them.',
  },
  {
    target: './src/server/modules/**/*.routes.ts',
    from: './src/server/db',
    message: 'Routes do not touch the database: call a service.',
  },
  ...featureZones('./src/web/features', 'feature'),
  ...featureZones('./src/server/modules', 'module'),
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist', '.dist/', 'data/', 'coverage/', 'src/server/db/migrations/'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/ignore': ['node_modules'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      // Import cycles: dependency-cruiser (.dependency-cruiser.cjs), beside ESLint; import/no-cycle cost 12% of this pass.
      // Floating promises and promises handed to places that ignore them (event handlers, callbacks).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A non-null assertion on data from outside is a crash waiting for bad input: narrow or fail loudly instead.
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Fastify plugins, hooks and handlers are async by contract (a plain function must call `done`): the rule
      // flags every plugin that happens not to await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A region that scrolls sideways with nothing focusable inside takes focus itself (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
      // Routing comes from lib/router.tsx, the one place that knows the router library (decision 0020).
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'wouter', message: ROUTER_ONLY }],
          patterns: [{ group: ['wouter/*'], message: ROUTER_ONLY }],
        },
      ],
    },
  },
  {
    files: ['src/web/lib/router.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The server-rendering tests render the web app's own server entry, as the built server loads it (decision 0016).
    files: ['src/server/**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: boundaries.map((zone) =>
            zone === serverFromWeb ? { ...zone, except: ['./entry-server.tsx'] } : zone,
          ),
        },
      ],
    },
  },
  {
    // Plain JavaScript scripts are outside the TypeScript project: lint them without type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
