import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { codeCacheDir, codeCacheName, stampSource } from '../../src/tuning/code-cache.ts';
import { nodeForMajor } from '../support/node-binaries.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const moduleUrl = new URL('../../src/tuning/code-cache.ts', import.meta.url).href;
const work = mkdtempSync(path.join(os.tmpdir(), 'berth-code-cache-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('the code cache lives in $XDG_CACHE_HOME/berth, else ~/.cache/berth', () => {
  assert.equal(codeCacheDir({ XDG_CACHE_HOME: '/var/cache/me' }, '/home/me'), '/var/cache/me/berth');
  assert.equal(codeCacheDir({}, '/home/me'), '/home/me/.cache/berth');
  // The XDG spec: a relative path is invalid and ignored.
  assert.equal(codeCacheDir({ XDG_CACHE_HOME: 'cache' }, '/home/me'), '/home/me/.cache/berth');
  assert.equal(codeCacheDir({ XDG_CACHE_HOME: '' }, '/home/me'), '/home/me/.cache/berth');
});

test('a cache is named for its Node and its exact text: the same length is not the same code', () => {
  const node = { version: 'v24.21.0', arch: 'x64' };
  assert.match(codeCacheName('a = 1', node), /^v24\.21\.0-x64-[0-9a-f]{24}\.code$/);
  assert.notEqual(codeCacheName('a = 1', node), codeCacheName('a = 2', node));
  assert.notEqual(codeCacheName('a = 1', node), codeCacheName('a = 1', { version: 'v20.20.2', arch: 'x64' }));
  // The boot names it from the file's bytes: the same name as from the text.
  assert.equal(codeCacheName(Buffer.from('a = "é ●"', 'utf8'), node), codeCacheName('a = "é ●"', node));
});

test("a stamped app (the build's) is named by its stamp, the same name its text's hash gives, so a start need not hash it", () => {
  const node = { version: 'v24.21.0', arch: 'x64' };
  const text = 'a = 1;\n';
  const stamped = stampSource(text);
  assert.match(stamped, /^a = 1;\n\/\/# berth-source=[0-9a-f]{24}\n$/);
  assert.equal(codeCacheName(stamped, node), codeCacheName(text, node));
  // The stamp is what is read: a forged one names the cache, which is why only the build writes it.
  assert.equal(codeCacheName(`b = 2;\n//# berth-source=${'0'.repeat(24)}\n`, node), `v24.21.0-x64-${'0'.repeat(24)}.code`);
  assert.notEqual(codeCacheName(stampSource('a = 2;\n'), node), codeCacheName(stamped, node));
});

/** A CommonJS "app" with enough functions for V8 to cache; it leaves what it was given in globalThis.ran. */
function appSource(answer: number): string {
  const functions = Array.from({ length: 200 }, (_, i) => `function f${i}(x) { return x + ${i}; }`).join('\n');
  const calls = Array.from({ length: 200 }, (_, i) => `sum = f${i}(sum);`).join(' ');
  return `#!/usr/bin/env node\n${functions}\nlet sum = 0; ${calls}\nglobalThis.ran = [${answer}, sum, require('node:path').sep, __filename, typeof module.exports];\n`;
}

interface Start {
  status: string;
  saved: boolean;
  ran: unknown[];
}

/**
 * One start, in a process of its own as each start of berth is: `flags` set first, then `source`
 * compiled with the cache in `dir` (none if undefined) and run, then the cache saved.
 */
function startOn(node: string, source: string, dir: string | undefined, flags = ''): Start {
  const file = path.join(work, 'app.cjs');
  writeFileSync(file, source);
  const script = `import { createRequire } from 'node:module';
    const m = await import(${JSON.stringify(moduleUrl)});
    ${flags ? `(await import('node:v8')).default.setFlagsFromString(${JSON.stringify(flags)});` : ''}
    // As the boot does: from the file's bytes.
    const app = m.compileWithCodeCache((await import('node:fs')).readFileSync(${JSON.stringify(file)}), ${JSON.stringify(file)}, ${JSON.stringify(dir)});
    app.run(createRequire(${JSON.stringify(file)}));
    const saved = app.save();
    if (app.save()) throw new Error('a second save wrote again');
    process.stdout.write(JSON.stringify({ status: app.status, saved, ran: globalThis.ran }));`;
  return JSON.parse(execFileSync(node, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: root })) as Start;
}

const sum = (199 * 200) / 2;

for (const major of [22, 24] as const) {
  test(`on Node ${major}, the cache made after a first start is used by the next; the code runs the same either way`, async () => {
    const node = await nodeForMajor(major);
    const dir = mkdtempSync(path.join(work, 'cache-'));
    const source = appSource(major);
    const ran = [major, sum, path.sep, path.join(work, 'app.cjs'), 'object'];
    const first = startOn(node, source, dir);
    assert.deepEqual(first, { status: 'none', saved: true, ran });
    const [name] = readdirSync(dir);
    assert.match(name ?? '', /\.code$/);
    const written = statSync(path.join(dir, name ?? '')).mtimeMs;
    assert.deepEqual(startOn(node, source, dir), { status: 'used', saved: false, ran }, 'the second start uses it and writes nothing');
    assert.equal(statSync(path.join(dir, name ?? '')).mtimeMs, written);
    assert.deepEqual(startOn(node, source, undefined), { status: 'off', saved: false, ran }, 'no directory: no cache');
  });
}

test('V8 refuses a cache made under other flags, or damaged; berth then compiles without it and writes a new one', () => {
  const dir = mkdtempSync(path.join(work, 'cache-'));
  const source = appSource(1);
  assert.equal(startOn(process.execPath, source, dir).status, 'none');
  // Why src/main/boot.ts sets its V8 flag before compiling, at every start.
  const other = startOn(process.execPath, source, dir, '--semi-space-growth-factor=1');
  assert.deepEqual([other.status, other.saved], ['rejected', true]);
  assert.equal(startOn(process.execPath, source, dir, '--semi-space-growth-factor=1').status, 'used', 'the one made under these flags is taken');
  const [name = ''] = readdirSync(dir);
  writeFileSync(path.join(dir, name), 'not a code cache at all'.repeat(100));
  const damaged = startOn(process.execPath, source, dir, '--semi-space-growth-factor=1');
  assert.deepEqual([damaged.status, damaged.saved, damaged.ran[1]], ['rejected', true, sum]);
});

test("a new build's cache replaces the old build's for the same Node, and leaves other Nodes' alone", () => {
  const dir = mkdtempSync(path.join(work, 'cache-'));
  const otherNode = 'v0.0.0-x64-0123456789abcdef01234567.code';
  writeFileSync(path.join(dir, otherNode), 'another Node\'s');
  startOn(process.execPath, appSource(1), dir);
  startOn(process.execPath, appSource(2), dir);
  assert.deepEqual(readdirSync(dir).sort(), [codeCacheName(appSource(2)), otherNode].sort());
});

test('an unwritable cache directory costs the cache, not the start', () => {
  const blocked = path.join(work, 'blocked');
  writeFileSync(blocked, 'a file where the directory would go');
  const start = startOn(process.execPath, appSource(3), path.join(blocked, 'berth'));
  assert.deepEqual([start.status, start.saved, start.ran[0]], ['none', false, 3]);
});
