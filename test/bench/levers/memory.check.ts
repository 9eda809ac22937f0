/**
 * Levers `young-generation` and `startup-release` inside V8 (`npm run bench -- V8`, not part of
 * npm test: these check V8's behaviour, not berth's): the young generation stops growing, the
 * release hands memory back, and a code cache made under underStartupFlags is taken.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeForMajor } from '../../support/node-binaries.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const moduleUrl = new URL('../../../src/tuning/memory.ts', import.meta.url).href;

const churn = `{ let keep = []; for (let i = 0; i < 2e6; i++) { keep.push({ a: i, b: 'x' + i }); if (keep.length > 20000) keep = []; } }`;
const rssMb = `Number(/VmRSS:\\s+(\\d+)/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1]) / 1024`;
const youngMb = `(await import('node:v8')).default.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576`;

/** Runs `body` (an ES module, with the module under test imported as `m`) on `node`; its stdout as JSON. */
function runOn<T>(node: string, body: string, nodeArgs: readonly string[] = []): T {
  const script = `const m = await import(${JSON.stringify(moduleUrl)});\n${body}`;
  return JSON.parse(execFileSync(node, [...nodeArgs, '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: root })) as T;
}

test('on Node 24, releasing start-up memory hands the grown young generation back, and it does not grow again', async () => {
  const node24 = await nodeForMajor(24);
  const grown = runOn<{ young: number }>(node24, `${churn}\n${churn}\nprocess.stdout.write(JSON.stringify({ young: ${youngMb} }));`).young;
  const { before, after, young } = runOn<{ before: number; after: number; young: number }>(
    node24,
    `${churn}
    const before = ${rssMb};
    m.releaseStartupMemory();
    await new Promise((r) => setTimeout(r, 200));
    const after = ${rssMb};
    ${churn}
    process.stdout.write(JSON.stringify({ before, after, young: ${youngMb} }));`,
  );
  assert.ok(after < before - 8, `RSS fell by more than 8 MB (${before.toFixed(0)} → ${after.toFixed(0)} MB)`);
  assert.ok(young <= grown / 4, `as much allocation again leaves the young generation small (${young} MB, against ${grown} MB left alone)`);
});


test('on Node 24, from the first frame on the young generation stays the size start-up grew it to', async () => {
  const node24 = await nodeForMajor(24);
  const run = (limit: boolean) =>
    runOn<{ before: number; after: number }>(
      node24,
      `const before = ${youngMb};
      ${limit ? 'm.limitYoungGenerationAfterStart();' : ''}
      ${churn}\n${churn}
      globalThis.gc({ type: 'minor' });
      process.stdout.write(JSON.stringify({ before, after: ${youngMb} }));`,
      // Measured after a scavenge: while a major GC's marking runs, V8 lets allocation run past
      // the young generation's capacity (pages it hands back at the next scavenge, seen up to
      // +4 MB on a loaded machine) — that is not growth, and berth's limit cannot stop it.
      ['--expose-gc'],
    );
  const [free, limited] = [run(false), run(true)];
  assert.ok(free.after > free.before * 2, `left alone, V8 grows it (${free.before} → ${free.after} MB)`);
  assert.ok(limited.after <= limited.before, `limited, it does not grow (${limited.before} → ${limited.after} MB)`);
});

test('on Node 24, a code cache made under underStartupFlags after the young generation was limited is taken by the next start; made without, it is refused', async () => {
  const node24 = await nodeForMajor(24);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-startup-flags-'));
  try {
    const cacheUrl = new URL('../../../src/tuning/code-cache.ts', import.meta.url).href;
    const start = (wrap: boolean) =>
      runOn<{ status: string }>(
        node24,
        `const c = await import(${JSON.stringify(cacheUrl)});
        const app = c.compileWithCodeCache('function f() { return 1; }\\nf();', ${JSON.stringify(path.join(dir, 'app.cjs'))}, ${JSON.stringify(dir)});
        app.run(() => undefined);
        m.limitYoungGenerationAfterStart();
        ${wrap ? 'm.underStartupFlags(() => app.save());' : 'app.save();'}
        process.stdout.write(JSON.stringify({ status: app.status }));`,
      );
    assert.equal(start(false).status, 'none');
    assert.equal(start(false).status, 'rejected', 'made under the changed flag, refused');
    assert.equal(start(true).status, 'rejected');
    assert.equal(start(true).status, 'used', 'made under the start-up flags, taken');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('on Node 22 and 24, the release flushes the code start-up compiled (lever code-flush), and what is called again still runs; with the lever off, the code stays', async () => {
  // 2,000 functions, each run once "at start-up": their bytecode is what the release may drop.
  const startUp = `const fns = [];
    for (let i = 0; i < 2000; i++) fns.push(new Function('a', 'let s = a; for (let j = 0; j < 3; j++) s += j * ' + i + '; return { s, t: [s, a, ' + i + '] };'));
    let sum = 0;
    for (const f of fns) sum += f(1).s;
    const v8 = (await import('node:v8')).default;
    const bytecodeMb = () => v8.getHeapCodeStatistics().bytecode_and_metadata_size / 1048576;`;
  for (const major of [22, 24] as const) {
    const node = await nodeForMajor(major);
    const run = (env: string) =>
      runOn<{ before: number; after: number; same: boolean }>(
        node,
        `${startUp}
        const before = bytecodeMb();
        m.releaseStartupMemory(${env});
        const after = bytecodeMb();
        let again = 0;
        for (const f of fns) again += f(1).s;
        process.stdout.write(JSON.stringify({ before, after, same: again === sum }));`,
      );
    const on = run('{}');
    const off = run(`{ BERTH_TUNING_OFF: 'code-flush' }`);
    const shown = `lever on ${on.before.toFixed(2)} → ${on.after.toFixed(2)} MB, off ${off.before.toFixed(2)} → ${off.after.toFixed(2)} MB`;
    // Off, the collection frees only what was garbage anyway (tsx's loading): the 2,000 stay.
    assert.ok(on.after < off.after / 2, `Node ${major}: the release flushed the bytecode (${shown})`);
    assert.ok(on.same, `Node ${major}: the functions flushed run again, with the same results`);
  }
});
