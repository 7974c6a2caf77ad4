// One lint config for the monorepo. Import boundaries (ARCHITECTURE.md "Packages") are enforced with
// no-restricted-imports so that a wrong-direction import fails `npm run check`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const ours = (...allowed) =>
  [
    '@civicfleet/shared',
    '@civicfleet/protocols',
    '@civicfleet/exporters',
    '@civicfleet/server',
    '@civicfleet/web',
    '@civicfleet/simulator',
  ]
    .filter((name) => !allowed.includes(name))
    .map((name) => ({
      group: [name, `${name}/*`],
      message: `This package may not import ${name} (see ARCHITECTURE.md).`,
    }));

const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  boundary(['packages/shared/**'], ours()),
  boundary(['packages/protocols/**'], ours('@civicfleet/shared')),
  boundary(['packages/exporters/**'], ours('@civicfleet/shared')),
  boundary(['apps/server/**'], ours('@civicfleet/shared', '@civicfleet/protocols', '@civicfleet/exporters')),
  // Demo mode only: the demo seed registers the simulator's demo fleet and `npm start` drives it in-process.
  // Nothing else in the server may import the simulator.
  boundary(
    [
      'apps/server/src/db/seed/demo-fleet.ts',
      'apps/server/src/db/seed/demo-swm.ts',
      'apps/server/src/db/seed/demo-swm.test.ts',
      'apps/server/src/demo-simulator.ts',
      'apps/server/src/demo-simulator.test.ts',
    ],
    ours('@civicfleet/shared', '@civicfleet/protocols', '@civicfleet/simulator'),
  ),
  boundary(['tools/simulator/**'], ours('@civicfleet/protocols', '@civicfleet/shared')),
  boundary(
    ['apps/web/**'],
    [
      ...ours('@civicfleet/shared', '@civicfleet/exporters'),
      { group: ['pg', '@electric-sql/*', 'fastify'], message: 'Server-only module.' },
    ],
  ),
  // Inside the web app: a feature never imports a sibling feature; components/ and lib/ never import features or app.
  boundary(
    ['apps/web/src/features/**'],
    [
      ...ours('@civicfleet/shared', '@civicfleet/exporters'),
      {
        group: ['@/features/*', '@/app/*'],
        message: 'A feature never imports a sibling feature or the app shell.',
      },
    ],
  ),
  boundary(
    ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/api/**'],
    [
      ...ours('@civicfleet/shared', '@civicfleet/exporters'),
      { group: ['@/features/*', '@/app/*'], message: 'Shared code never imports features or the app shell.' },
    ],
  ),
  prettier,
);
