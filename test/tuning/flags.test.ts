/**
 * The tuning room's switches and flags. What each lever does inside V8 is measured by the bench
 * (`npm run bench -- V8`, and each figure with the lever off: docs/performance.md); here, only
 * that V8 knows every flag berth sets, on each Node berth is tested on, that setting them all
 * prints nothing (an unknown flag's complaint would land on berth's terminal), and that
 * BERTH_TUNING_OFF turns each lever off.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CODE_FLUSH_DEFAULTS, CODE_FLUSH_FLAGS } from '../../src/tuning/code-flush.ts';
import { LEAN_COMPILER_FLAGS, LONG_PASS_FLAGS } from '../../src/tuning/lean-compilers.ts';
import { LEVERS, leverOn, leversOff } from '../../src/tuning/levers.ts';
import { DEFAULT_SEMI_SPACE_GROWTH_FACTOR, EXPOSE_GC, FIXED_YOUNG_GENERATION } from '../../src/tuning/memory.ts';
import { NODE_VERSIONS, nodeForMajor } from '../support/node-binaries.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FLAGS = [...LEAN_COMPILER_FLAGS, ...LONG_PASS_FLAGS, FIXED_YOUNG_GENERATION, ...EXPOSE_GC, `--semi-space-growth-factor=${DEFAULT_SEMI_SPACE_GROWTH_FACTOR}`, ...CODE_FLUSH_FLAGS, ...CODE_FLUSH_DEFAULTS];
/** '--no-turbofan' → 'turbofan'; '--wasm-tier-up-filter=1' → 'wasm-tier-up-filter'. */
const flagName = (flag: string) => flag.replace(/^--(no-)?/, '').replace(/=.*$/, '');

for (const major of Object.keys(NODE_VERSIONS).map(Number) as Array<keyof typeof NODE_VERSIONS>) {
  test(`on Node ${major}, V8 knows every flag the levers set, and setting them all prints nothing`, async () => {
    const node = await nodeForMajor(major);
    const options = execFileSync(node, ['--v8-options'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    for (const flag of FLAGS) assert.ok(options.includes(`--${flagName(flag)} `), `Node ${major}'s V8 has --${flagName(flag)}`);
    assert.match(options, new RegExp(`--semi-space-growth-factor \\(.*\\n.*default: --semi-space-growth-factor=${DEFAULT_SEMI_SPACE_GROWTH_FACTOR}\\b`), 'the default underStartupFlags puts back');
    for (const flag of CODE_FLUSH_DEFAULTS) assert.match(options, new RegExp(`--${flagName(flag)} \\(.*\\n.*default: ${flag}\\n`), `code-flush puts back V8's default ${flag}`);
    const script = `const v8 = (await import('node:v8')).default; for (const f of ${JSON.stringify(FLAGS)}) v8.setFlagsFromString(f);`;
    const { stdout, stderr } = await promisify(execFile)(node, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    assert.equal(stdout + stderr, '');
  });
}

test('BERTH_TUNING_OFF names levers to turn off, `all` turns off every one, and unknown names are ignored', () => {
  assert.deepEqual([...leversOff({})], []);
  assert.deepEqual([...leversOff({ BERTH_TUNING_OFF: 'code-cache, lean-compilers' })].sort(), ['code-cache', 'lean-compilers']);
  assert.deepEqual([...leversOff({ BERTH_TUNING_OFF: 'all' })].sort(), Object.keys(LEVERS).sort());
  assert.deepEqual([...leversOff({ BERTH_TUNING_OFF: 'turbo,,young-generation' })], ['young-generation']);
  assert.equal(leverOn('startup-release', { BERTH_TUNING_OFF: 'code-cache' }), true);
  assert.equal(leverOn('startup-release', { BERTH_TUNING_OFF: 'all' }), false);
});
