import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const moduleUrl = new URL('../src/young-generation.ts', import.meta.url).href;

/** The young generation's committed size (MB) after allocating 200 MB of short-lived objects. */
function youngSpaceAfterChurn(keepSmall: boolean): number {
  const script = `
    import v8 from 'node:v8';
    ${keepSmall ? `const { keepYoungGenerationSmall } = await import(${JSON.stringify(moduleUrl)}); keepYoungGenerationSmall();` : ''}
    let keep = [];
    for (let i = 0; i < 2e6; i++) { keep.push({ a: i, b: 'x' + i }); if (keep.length > 20000) keep = []; }
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(space.space_size / 1048576));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) });
  return Number(out);
}

test('the young generation stays at its starting size once berth asks, where V8 alone grows it', () => {
  const grown = youngSpaceAfterChurn(false);
  const kept = youngSpaceAfterChurn(true);
  assert.ok(grown >= 8, `without the flag the space grows (${grown} MB)`);
  assert.ok(kept <= 4, `with it the space stays small (${kept} MB)`);
});
