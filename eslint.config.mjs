// Type-aware lint for every workspace. Import direction follows docs/architecture.md:
// web -> contract, server -> contract, never web <-> server; the market simulator -> market-model and contract, and
// only the server's provider registry imports it; inside web: components/lib -> features -> pages -> app;
// inside server: one zone per room (each folder under apps/server/src, each module) from apps/server/import-rules.mjs;
// the score package imports nothing with I/O.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { serverZones } from './apps/server/import-rules.mjs';
import fileNaming from './apps/web/eslint-rules/file-naming.mjs';

const web = './apps/web/src';
const server = './apps/server/src';
// Every web feature folder, read at load so a new feature is covered: a feature never imports another one.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatureZones = webFeatures.map((name) => ({
  target: `${web}/features/${name}`,
  from: `${web}/features`,
  except: [`./${name}`],
  message:
    'A feature never imports another feature: share through components/ or lib/, or compose in the page.',
}));

// Import direction between workspaces and inside the web app; the server's rooms add theirs below.
const zones = [
  { target: './packages/contract', from: ['./apps'], message: 'The contract depends on zod only.' },
  {
    target: './packages/market-simulator',
    from: ['./apps'],
    message: 'The simulator depends on the market model and the contract only; the host injects the rest.',
  },
  {
    target: './packages/attack-lab',
    from: ['./apps', './packages/market-simulator'],
    message: 'Attacks stay independent of the detector and the simulator: market-model only.',
  },
  { target: './apps/web', from: './apps/server', message: 'The web app never imports the server.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
  { target: `${web}/lib`, from: [`${web}/features`, `${web}/pages`, `${web}/app`] },
  { target: `${web}/components`, from: [`${web}/features`, `${web}/pages`, `${web}/app`] },
  { target: `${web}/features`, from: [`${web}/pages`, `${web}/app`] },
  { target: `${web}/pages`, from: [`${web}/app`] },
  ...webFeatureZones,
  {
    target: './packages/score',
    from: ['./apps', './packages/market-simulator'],
    message:
      'The score is pure: it depends on the market model and the contract only; the host brings the I/O.',
  },
  { target: `${server}/modules`, from: [`${server}/gateway/gateway-plugin.ts`] },
];
// Zones are relative to the repository root, also when a workspace's `npm run lint` runs from its folder.
const restrictedPaths = (list) => ['error', { basePath: import.meta.dirname, zones: list }];

// The server's rooms, one zone each; loading fails while a folder under apps/server/src has no row.
const serverRoomZones = serverZones(server, new URL('./apps/server/src/', import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'data/**',
      '**/.test-reports/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.mjs', '*.js', 'scripts/*.mjs', 'bench/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': restrictedPaths(zones),
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/market-data/provider-registry.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@coinlens/market-simulator',
              message:
                'Only market-data/provider-registry.ts (and tests) may use the simulator: the rest of the server sees a MarketDataProvider.',
            },
          ],
        },
      ],
    },
  },
  {
    // The score does no I/O: no Node built-ins and no packages beyond the contract and the market model.
    files: ['packages/score/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!@coinlens/(contract|market-model)$|\\.{1,2}/)',
              message: 'The score imports only @coinlens/contract, @coinlens/market-model and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Each server room imports only what its row allows; a test may compose rooms to test them together.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...zones, ...serverRoomZones]) },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // File names (apps/web/README.md) and imports: ./ and ../ stay relative, anything further starts at @/.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: { rules: { 'file-naming': fileNaming } } },
    rules: {
      'web/file-naming': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^\\.\\./\\.\\./', message: 'Two or more levels up: import from @/ instead.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
