import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dependencies point one way: apps -> api-client -> domain; api-server -> domain.
// Nobody reaches into another package's src/ internals.
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
    rules: {
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
            { group: ['@puja/api-server', '@puja/club-portal', '@puja/staff-console'] },
          ],
        },
      ],
    },
  },
  {
    files: ['club-portal/**/*.{ts,tsx}', 'staff-console/**/*.{ts,tsx}'],
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
    // Playwright fixtures declare "no dependencies" as an empty destructuring pattern.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
