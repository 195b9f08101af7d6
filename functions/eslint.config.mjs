// Flat config: typescript-eslint's type-aware recommended rules over all TypeScript in functions/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['lib/**', 'node_modules/**', 'eslint.config.mjs', 'bench/fixtures/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Size, as a warning: a file past 400 lines or a function past 80 is doing two jobs (split it
    // along them). Not an error, so that a split can wait for its own change.
    files: ['src/**'],
    rules: {
      'max-lines': ['warn', 400],
      'max-lines-per-function': ['warn', 80],
    },
  },
  {
    // Dev tooling, tests and benchmarks talk to a terminal.
    files: ['dev/**', 'test/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests and benchmarks read wire JSON: asserting on untyped bodies is their job.
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
