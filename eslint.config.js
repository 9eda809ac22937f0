// Lint keeps the floors honest (docs/layout.md): imports flow one way only, from the process
// glue down to the engine client, main → ui → app → state → engine (tuning/ beside them, for
// main). That nothing imports in a circle is test/house/cycles.test.ts's check, which sees every
// kind of import (eslint-plugin-import-x's no-cycle skipped `import type` and cost ~9 s of each lint).
import tseslint from 'typescript-eslint';

const react = ['ink', 'ink-*', '@alcalzone/ink-table', 'react', 'react/*'];

/** The floors, top to bottom; each may import only those below it. */
const floors = ['main', 'ui', 'app', 'state', 'engine'];

/** What a floor may not import: the floors above it (and tuning/, which is main's), plus React and Ink below ui/. */
function floorRule(floor) {
  const above = floors.slice(0, floors.indexOf(floor));
  const patterns = [
    ...above.map((up) => ({ group: [`**/${up}/**`, `../${up}`], message: `src/${floor} sits under src/${up}: imports flow main → ui → app → state → engine, never back.` })),
    ...(floor === 'main' ? [] : [{ group: ['**/tuning/**'], message: 'src/tuning is the process glue’s (src/main).' }]),
    ...(['app', 'state', 'engine'].includes(floor) ? [{ group: react, message: `src/${floor} is React-free: components live in src/ui.` }] : []),
  ];
  return { files: [`src/${floor}/**`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

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
  ...floors.map(floorRule),
  {
    files: ['src/tuning/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: floors.flatMap((f) => [`**/${f}/**`, `../${f}`]), message: 'src/tuning stands alone: V8 and Node only.' }] }] },
  },
);
