// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/dist-next/**',
      '**/dist-old/**',
      'functions/lib/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['web/tsconfig.json', 'functions/tsconfig.json', 'tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['functions/**/*.ts', 'scripts/**/*.mjs', 'e2e/**/*.ts', '**/*.cjs', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The site reaches the API's code only through `@api/*` (functions/src/api).
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/functions/**'], message: "Import the API's shared types and values from '@api/...'." }] },
      ],
    },
  },
  {
    // Firebase deploys functions/ alone, so nothing there may depend on the site.
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '@/*'], message: 'The functions deploy holds functions/ only: it cannot import web code.' },
          ],
        },
      ],
    },
  },
  {
    // Bundled into the browser too: pure TypeScript that imports only its siblings and yup (the request schemas), never firebase-admin or express.
    files: ['functions/src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|yup$)',
              message:
                'functions/src/api is shared with the site: import nothing but ./ siblings (and yup, for the request schemas).',
            },
          ],
        },
      ],
    },
  },
);
