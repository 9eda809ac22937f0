// Lint keeps the layering honest: engine/ speaks HTTP and knows nothing of React or Ink,
// state/ holds the store and sync loops and knows nothing of Ink, and nothing imports upwards.
import tseslint from 'typescript-eslint';

const uiModules = ['ink', 'ink-*', '@alcalzone/ink-table', 'react', 'react/*'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // node:test's test()/describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }],
      }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: uiModules, message: 'src/engine is the API client: no React or Ink.' },
          { group: ['**/state/**', '**/ui/**', '../state', '../ui'], message: 'Imports flow ui → state → engine, never back.' },
        ],
      }],
    },
  },
  {
    files: ['src/state/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['ink', 'ink-*', '@alcalzone/ink-table'], message: 'src/state holds no Ink.' },
          { group: ['**/ui/**', '../ui'], message: 'Imports flow ui → state → engine, never back.' },
        ],
      }],
    },
  },
);
