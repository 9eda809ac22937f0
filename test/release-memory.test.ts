import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mock, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SEMI_SPACE_GROWTH_FACTOR, onceQuiet, singleMemoryReducerGcFlag } from '../src/release-memory.ts';
import { nodeForMajor } from './support/node-binaries.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const moduleUrl = new URL('../src/release-memory.ts', import.meta.url).href;

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

/** Major collections V8 traced (--trace-gc) at least `afterMs` after the line "RELEASE <ms>" in `out`. */
function majorsAfterRelease(out: string, afterMs: number): number {
  const release = Number(/^RELEASE (\d+)/m.exec(out)?.[1]);
  assert.ok(Number.isFinite(release), `the child said when it released:\n${out.slice(0, 500)}`);
  return [...out.matchAll(/ (\d+) ms: Mark-Compact/g)].filter((m) => Number(m[1]) >= release + afterMs).length;
}

test('on Node 24, after the release V8\'s memory reducer runs one collection of its own, not two', async () => {
  const node24 = await nodeForMajor(24);
  // The same release, then (for the control) the reducer's default put back.
  const child = (reset: string) =>
    promisify(execFile)(
      node24,
      [
        '--trace-gc',
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(moduleUrl)});
        ${churn}
        console.log('RELEASE ' + Math.round(performance.now()));
        m.releaseStartupMemory();
        ${reset ? `(await import('node:v8')).default.setFlagsFromString(${JSON.stringify(reset)});` : ''}
        // Idle but alive: the reducer starts ~8 s after a major collection, its second ~0.6 s later.
        const alive = setInterval(() => undefined, 1000);
        setTimeout(() => clearInterval(alive), 12_000);`,
      ],
      { encoding: 'utf8', cwd: root },
    );
  const [ours, control] = await Promise.all([child(''), child('--memory-reducer-gc-count=2')]);
  // The release's own collections come at once; the reducer's from ~8 s on.
  assert.equal(majorsAfterRelease(control.stdout, 4000), 2, `left at V8's default, the reducer runs two:\n${control.stdout.slice(-1500)}`);
  assert.equal(majorsAfterRelease(ours.stdout, 4000), 1, `after berth's release, one:\n${ours.stdout.slice(-1500)}`);
});

test('the memory reducer\'s flag is one each Node berth is tested on knows, and setting it prints nothing', async () => {
  for (const node of [process.execPath, await nodeForMajor(24)]) {
    const version = execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    const flag = singleMemoryReducerGcFlag(version);
    const name = flag.replace(/^--/, '').replace(/=.*/, '');
    assert.ok(execFileSync(node, ['--v8-options'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }).includes(`--${name} `), `Node ${version} knows ${flag}`);
    // An unknown flag would be reported on stderr, which is the terminal berth draws on.
    const result = await promisify(execFile)(node, ['--import', 'tsx', '--input-type=module', '-e', `(await import(${JSON.stringify(moduleUrl)})).releaseStartupMemory();`], { encoding: 'utf8', cwd: root });
    assert.equal(result.stderr, '', `Node ${version}: releasing memory writes nothing to stderr`);
  }
  assert.equal(singleMemoryReducerGcFlag('22.23.3'), '--memory-reducer-gc-count=1');
  assert.equal(singleMemoryReducerGcFlag('20.18.0'), '--memory-reducer-single-gc');
});

test('on Node 20 the young generation is kept at its starting size from the start; Node 22 and later are left alone', () => {
  const sizes = (limit: boolean) =>
    runOn<{ limited: boolean; young: number }>(process.execPath, `const limited = ${limit ? 'm.limitYoungGenerationEarly()' : 'false'}; ${churn}; process.stdout.write(JSON.stringify({ limited, young: ${youngMb} }));`);
  if (process.versions.node.startsWith('20.')) {
    assert.ok(sizes(false).young >= 8, 'left alone, V8 grows it');
    const limited = sizes(true);
    assert.equal(limited.limited, true);
    assert.ok(limited.young <= 4, `limited, it stays small (${limited.young} MB)`);
  }
  assert.equal(runOn<{ limited: boolean }>(process.execPath, `process.stdout.write(JSON.stringify({ limited: m.limitYoungGenerationEarly('22.23.3') }))`).limited, false);
});

test('onceQuiet runs once, only after its sources have been still for the whole period', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const listeners = new Set<() => void>();
    const source = {
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const change = () => {
      for (const listener of listeners) listener();
    };
    let runs = 0;
    onceQuiet([source], 1000, () => runs++);
    mock.timers.tick(900);
    change(); // a key: the quiet period starts again
    mock.timers.tick(900);
    assert.equal(runs, 0);
    mock.timers.tick(100);
    assert.equal(runs, 1);
    assert.equal(listeners.size, 0, 'it stops listening once it ran');
    change();
    mock.timers.tick(5000);
    assert.equal(runs, 1);
  } finally {
    mock.timers.reset();
  }
});

test('a cancelled onceQuiet never runs', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    let runs = 0;
    const cancel = onceQuiet([], 1000, () => runs++);
    cancel();
    mock.timers.tick(5000);
    assert.equal(runs, 0);
  } finally {
    mock.timers.reset();
  }
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
  assert.equal(runOn<{ limited: boolean }>(process.execPath, `process.stdout.write(JSON.stringify({ limited: m.limitYoungGenerationAfterStart('20.20.2') }))`).limited, false, 'Node 20 is limited from the start');
});

test("V8's default growth factor is the one underStartupFlags puts back, on each Node tested", async () => {
  for (const node of [process.execPath, await nodeForMajor(24)]) {
    const options = execFileSync(node, ['--v8-options'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    assert.match(options, new RegExp(`default: --semi-space-growth-factor=${DEFAULT_SEMI_SPACE_GROWTH_FACTOR}\\b`));
  }
});

test('on Node 24, a code cache made under underStartupFlags after the young generation was limited is taken by the next start; made without, it is refused', async () => {
  const node24 = await nodeForMajor(24);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-startup-flags-'));
  try {
    const cacheUrl = new URL('../src/code-cache.ts', import.meta.url).href;
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
