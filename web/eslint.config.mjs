// Flat config: typescript-eslint's type-aware recommended rules over the console, as in
// functions/eslint.config.mjs, plus the rules of hooks. The hooks plugin recognises hooks by name
// (useState, useEffect, use*), so it checks Preact's (preact/hooks) as it checks React's; useLive
// takes a dependency list like useEffect, so exhaustive-deps checks it too.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // api-types.ts is generated (npm --prefix functions run docs).
  { ignores: ['dist/**', 'dist-bench/**', 'node_modules/**', 'eslint.config.mjs', 'src/api-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // src/ has its own project; test/ and the map benchmark page another (test/tsconfig.json).
      parserOptions: { project: ['./tsconfig.json', './test/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLive$' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // The Node build and benchmark scripts are plain JavaScript, in no TypeScript project (the
    // benchmark also hands functions to the browser page: window, performance).
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: Object.fromEntries(
        ['console', 'process', 'URL', 'setTimeout', 'window', 'performance'].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    // Build scripts, benchmarks and the browser tests talk to a terminal.
    files: ['*.mjs', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
