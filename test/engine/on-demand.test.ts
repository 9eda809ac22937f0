/**
 * src/engine/assert-on-demand.cts and child-process-on-demand.ts stand in for `node:assert` (inside
 * undici and signal-exit) and `node:child_process` (everywhere) in berth's bundle
 * (test/tools/bundle-plugins.ts): the bundle's importers must use nothing of those modules but
 * what the stand-ins have, a passing check must not load Node's assert, and a failing one must
 * throw Node's own error.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { appPlugins, baseOptions } from '../tools/bundle-plugins.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The app's bundle as the build makes it (not written): which of its files import each stand-in. */
async function importersOf(): Promise<Map<string, string[]>> {
  const result = await build({ ...baseOptions('src/main/cli.ts', path.join(os.tmpdir(), 'berth-on-demand.cjs'), appPlugins), metafile: true, write: false });
  const byStandIn = new Map<string, string[]>();
  for (const [file, input] of Object.entries((result.metafile as Metafile).inputs)) {
    for (const i of input.imports) {
      if (!i.path.endsWith('-on-demand.cts') && !i.path.endsWith('-on-demand.ts')) continue;
      const standIn = path.basename(i.path);
      byStandIn.set(standIn, [...(byStandIn.get(standIn) ?? []), path.join(root, file)]);
    }
  }
  return byStandIn;
}

test('the bundle imports from child_process only what the stand-in has, and gets assert through it only in undici and signal-exit', async () => {
  const importers = await importersOf();
  const children = importers.get('child-process-on-demand.ts') ?? [];
  assert.ok(children.some((f) => f.includes('/src/')) && children.some((f) => f.includes('terminal-size')), `berth and terminal-size import child_process (${children.join(', ')})`);
  for (const file of children) {
    const source = readFileSync(file, 'utf8');
    const named = [...source.matchAll(/import \{([^}]*)\} from ['"]node:child_process['"]/g)].flatMap((m) => (m[1] ?? '').split(','));
    assert.ok(named.length > 0, `${file} imports child_process by name`);
    assert.doesNotMatch(source, /import \* as \w+ from ['"]node:child_process['"]|import \w+ from ['"]node:child_process['"]|require\(['"](node:)?child_process['"]\)/, file);
    for (const name of named.map((n) => n.trim()).filter((n) => n && !n.startsWith('type '))) assert.ok(['spawn', 'execFile', 'execFileSync'].includes(name), `${file} imports ${name}`);
  }
  const asserting = importers.get('assert-on-demand.cts') ?? [];
  assert.ok(asserting.some((f) => f.includes('/undici/')) && asserting.some((f) => f.includes('/signal-exit/')), 'undici and signal-exit require assert');
  for (const file of asserting) {
    const source = readFileSync(file, 'utf8');
    const variable = /(\w+) = require\('(?:node:)?assert'\)/.exec(source)?.[1];
    assert.ok(variable, `${file}: assert is assigned to a variable`);
    const members = new Set([...source.matchAll(new RegExp(`\\b${variable}\\.(\\w+)`, 'g'))].map((m) => m[1]));
    for (const member of members) assert.ok(member === 'equal' || member === 'ok', `${file} uses ${variable}.${member}`);
  }
});

test("the stand-ins call through to Node's own, which a passing check never loads", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-on-demand-'));
  try {
    const outfile = path.join(dir, 'stand-ins.cjs');
    const contents = `const assert = require('./src/engine/assert-on-demand.cts'); const { execFileSync } = require('./src/engine/child-process-on-demand.ts');
      const loaded = (m) => process.moduleLoadList.includes('NativeModule ' + m);
      assert(1); assert.ok('x'); assert.equal(typeof assert, 'function', 'message');
      const before = { assert: loaded('assert'), child_process: loaded('child_process') };
      const thrown = [() => assert(0, 'zero'), () => assert.ok(''), () => assert.equal(1, 2, 'one is two')].map((f) => { try { f(); return 'none'; } catch (e) { return e.name + ': ' + e.message; } });
      assert.equal(1, '1'); assert.equal(NaN, NaN);
      const out = execFileSync(process.execPath, ['-e', 'process.stdout.write("child")'], { encoding: 'utf8' });
      process.stdout.write(JSON.stringify({ before, thrown, out }));`;
    await build({ stdin: { contents, resolveDir: root, loader: 'js' }, bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'silent' });
    const { stdout } = await promisify(execFile)(process.execPath, [outfile], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(stdout), {
      before: { assert: false, child_process: false },
      // Without a message Node quotes the call it sees: the stand-in's, where the bundle's was minified anyway.
      thrown: ['AssertionError: zero', 'AssertionError: The expression evaluated to a falsy value:\n\n  node.ok(...args)\n', 'AssertionError: one is two'],
      out: 'child',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
