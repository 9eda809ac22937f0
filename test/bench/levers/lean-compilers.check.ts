/**
 * Lever `lean-compilers` inside V8 (`npm run bench -- V8`, not part of npm test: it checks V8's
 * behaviour, not berth's): with berth's flags, a hot JavaScript loop and a hot Yoga loop are
 * never compiled by TurboFan or Maglev, no Turboshaft call wrapper is made, and V8 refuses no flag.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LEAN_COMPILER_FLAGS } from '../../../src/tuning/lean-compilers.ts';
import { nodeForMajor } from '../../support/node-binaries.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const moduleUrl = new URL('../../../src/tuning/lean-compilers.ts', import.meta.url).href;

/**
 * A hot JavaScript loop and a hot WebAssembly one (Yoga's layout, as Ink runs it), traced: what
 * V8 compiled with TurboFan, and whether V8 refused a flag.
 */
async function hotRun(node: string, lean: boolean): Promise<{ js: number; wasm: number; wrappers: number; refused: boolean }> {
  // V8's code log names each JavaScript-to-WebAssembly wrapper it compiles ('js-to-wasm:…').
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-lean-'));
  const logfile = path.join(dir, 'v8.log');
  const script = `import v8 from 'node:v8';
    ${lean ? `(await import(${JSON.stringify(moduleUrl)})).keepCompilersLean();` : ''}
    v8.setFlagsFromString('--trace-opt');
    v8.setFlagsFromString('--trace-wasm-compilation-times');
    const Yoga = (await import('yoga-layout')).default;
    function hot(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
    let t = 0;
    for (let k = 0; k < 2000; k++) t += hot(10000);
    for (let k = 0; k < 3000; k++) {
      const root = Yoga.Node.create();
      for (let i = 0; i < 20; i++) { const c = Yoga.Node.create(); c.setWidth(i); root.insertChild(c, i); }
      root.calculateLayout(500, 500);
      root.freeRecursive();
    }
    await new Promise((r) => setTimeout(r, 300));`;
  let out: string;
  let log: string;
  try {
    const { stdout, stderr } = await promisify(execFile)(node, ['--log-code', `--logfile=${logfile}`, '--no-logfile-per-isolate', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    out = stdout + stderr;
    log = readFileSync(logfile, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    // Only the test's own loop: a job the loader queued before the flags were set may still finish.
    js: (out.match(/<JSFunction hot \(sfi[^\n]*\(target (TURBOFAN|MAGLEV)/g) ?? []).length,
    wasm: (out.match(/using TurboFan/g) ?? []).length,
    wrappers: (log.match(/,js-to-wasm:/g) ?? []).length,
    // V8 prints an unknown flag's refusal (to stdout or stderr, by version): on berth's terminal.
    refused: /unrecognized flag|Try --help/.test(out),
  };
}

for (const major of [22, 24] as const) {
  test(`on Node ${major}, berth's V8 flags keep TurboFan and Maglev from its JavaScript and TurboFan from WebAssembly (and its call wrappers), and print nothing`, async () => {
    const node = await nodeForMajor(major);
    const [control, lean] = await Promise.all([hotRun(node, false), hotRun(node, true)]);
    assert.ok(control.js > 0 && control.wasm > 0, `left alone, V8 optimises both (${control.js} JS, ${control.wasm} wasm)`);
    assert.deepEqual({ js: lean.js, wasm: lean.wasm }, { js: 0, wasm: 0 }, `with ${LEAN_COMPILER_FLAGS.join(' ')}`);
    assert.ok(control.wrappers > 0, `left alone, V8 compiles JS-to-Wasm wrappers for Yoga's hot exports (${control.wrappers})`);
    assert.equal(lean.wrappers, 0, 'with berth’s flags the generic wrapper serves every call');
    assert.equal(lean.refused, false, 'an unknown flag would be printed on berth’s terminal');
  });
}
