import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// Dependencies point one way: apps -> api-client -> domain; api-server -> domain.
// Nobody reaches into another package's src/ internals.
/** kebab-case words, e.g. `application-store`. */
const KEBAB = '+([a-z0-9])*(-+([a-z0-9]))';
/** TanStack Router's file routes add a prefix: `__root`, `_staff` (layout), `$id`, `-components`. */
const ROUTE_NAME = `?(__|_|$|-)${KEBAB}`;

/**
 * Import zones inside an app (bulletproof-react): routes -> features -> components, lib. A
 * feature never imports another feature (what two need goes to components/ or the web kit);
 * components/ and lib/ import no feature and no route; features import no route. The app's
 * shell (main.tsx, router.tsx, app.tsx) sits above them all: it may import any of them and none
 * of them imports it (what a route needs from the router, e.g. RouterContext, lives in lib/).
 */
function importZones(app) {
  const src = `./${app}/src`;
  const shell = ['main.tsx', 'router.tsx', 'app.tsx']
    .filter((file) => existsSync(`${app}/src/${file}`))
    .map((file) => `${src}/${file}`);
  const features = readdirSync(`${app}/src/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: 'A feature does not import another feature: lift what both need.',
    })),
    {
      target: `${src}/features`,
      from: `${src}/routes`,
      message: 'Features do not import routes: routes import features.',
    },
    ...['components', 'lib'].map((shared) => ({
      target: `${src}/${shared}`,
      from: [`${src}/features`, `${src}/routes`],
      message: `${shared}/ serves every screen: it imports no feature and no route.`,
    })),
    ...['routes', 'features', 'components', 'lib'].map((zone) => ({
      target: `${src}/${zone}`,
      from: shell,
      message: 'The app shell imports the zones, never the other way round: lift it into lib/.',
    })),
  ];
}

const noDeepImports = {
  group: ['@puja/*/src', '@puja/*/src/*', '../../*/src/*'],
  message: "Import a package through its public entry ('@puja/x'), not its internals.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.data/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '**/*.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile, 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // One cycle makes module order matter (an import seen as undefined at start).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '*/src/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [noDeepImports] }],
    },
  },
  {
    // domain is pure: no I/O, no React, no other package.
    files: ['domain/src/**/*.ts'],
    ignores: ['domain/src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            { group: ['node:*', 'react', 'react-dom', '@puja/*'], message: 'domain stays pure.' },
          ],
        },
      ],
    },
  },
  {
    files: ['api-client/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            {
              group: [
                '@puja/api-server',
                '@puja/web-kit',
                '@puja/club-portal',
                '@puja/staff-console',
              ],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['club-portal/**/*.{ts,tsx}', 'staff-console/**/*.{ts,tsx}', 'web-kit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            {
              group: ['@puja/api-server', '@puja/club-portal', '@puja/staff-console', 'ky'],
              message: 'Apps talk to the server only through @puja/api-client.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared web kit serves both apps as they are: no UI kit, no app, no server call.
    files: ['web-kit/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            {
              group: ['@puja/api-server', '@puja/club-portal', '@puja/staff-console', 'ky'],
              message: 'The web kit serves both apps and calls no server itself.',
            },
            {
              group: ['@mantine/*', 'mantine-react-table'],
              message: 'The web kit uses plain CSS.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['club-portal/src/**/*.{ts,tsx}', 'staff-console/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**', '**/test-setup.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...importZones('club-portal'), ...importZones('staff-console')] },
      ],
    },
  },
  {
    // components/ carries no business: no server call or server data, only what it is given.
    // The staff console's components/ still reads the server (document-viewer, language-switch):
    // it joins this zone once those move out (issue 18, staff side).
    files: ['club-portal/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@puja/api-client'],
              allowTypeImports: true,
              message: 'components/ holds no business: a route or feature passes the data in.',
            },
          ],
        },
      ],
    },
  },
  {
    // File routes are named by TanStack Router's conventions.
    files: ['*/src/routes/**/*.{ts,tsx}'],
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': ROUTE_NAME },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '*/src/routes/**/': ROUTE_NAME }],
    },
  },
  {
    // Issue 28: no function or component in product code over 150 lines (tests' describe
    // blocks may be longer).
    files: ['*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**', '**/routeTree.gen.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // Playwright fixtures declare "no dependencies" as an empty destructuring pattern.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
