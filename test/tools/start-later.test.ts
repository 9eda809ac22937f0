/**
 * The build's start-up edits of dependency code (test/tools/bundle-plugins.ts `LATER`): each
 * still matches the installed file, the bundled string-width measures every text as the installed
 * one does, Yoga's WebAssembly still loads, and the fact the Emoji_Presentation edit stands on
 * holds on each Node berth supports.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import stringWidth from 'string-width';
import { LATER, startLater } from './bundle-plugins.ts';
import { NODE_VERSIONS, nodeForMajor } from '../support/node-binaries.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('every start-up edit matches its installed file exactly once', () => {
  for (const edit of LATER) {
    const source = readFileSync(path.join(root, edit.file), 'utf8');
    assert.equal(source.split(edit.from).length, 2, `${edit.file}: ${edit.why}`);
    assert.ok(!source.includes(edit.to), `${edit.file} already holds the edit`);
  }
});

test('string-width as bundled measures what the installed one measures: digits, symbols, emoji, keycaps, flags, ZWJ families', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-start-later-'));
  try {
    const outfile = path.join(dir, 'string-width.cjs');
    await build({ stdin: { contents: "module.exports = require('string-width').default;", resolveDir: root }, bundle: true, platform: 'node', format: 'cjs', outfile, plugins: [startLater], logLevel: 'silent' });
    assert.match(readFileSync(outfile, 'utf8'), /Emoji_Presentation/, 'the edit is in the bundle');
    const bundled = createRequire(import.meta.url)(outfile) as (text: string) => number;
    const texts = ['50 running ●', '0123456789#*', '©', '©\uFE0F', '™ ‼', '🐳 whale', '⌚', '1\uFE0F\u20E3', '#\u20E3', '🇩🇪', '🇩', '👨\u200D👩\u200D👧', '👍🏽', '☺', '☺\uFE0F', '한국어', '日本', 'e\u0301', '\u200B'];
    // Every code point that has the Emoji property, alone and beside a digit.
    for (let cp = 0; cp <= 0x1faff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const text = String.fromCodePoint(cp);
      if (/\p{Emoji}/u.test(text)) texts.push(text, `7${text}`);
    }
    for (const text of texts) assert.equal(bundled(text), stringWidth(text), JSON.stringify(text));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('string-width measures text of standalone characters from its cache of each one’s width as its segmenting path does', async () => {
  // The patch (test/tools/patches) sums each character's width, kept per character, for text in
  // which every character is its own grapheme; the same library without that branch is the reference.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-start-later-'));
  try {
    const outfile = path.join(dir, 'string-width-segmented.cjs');
    const branch = '\tif (STANDALONE.test(string)) {';
    const segmentedOnly = {
      name: 'segmented-only',
      setup(b: import('esbuild').PluginBuild) {
        b.onLoad({ filter: /[\\/]string-width[\\/]index\.js$/ }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          assert.equal(source.split(branch).length, 2, 'the patch’s branch is in string-width');
          return { contents: source.replace(branch, '\tif (false) {'), loader: 'js' };
        });
      },
    };
    await build({ stdin: { contents: "module.exports = require('string-width').default;", resolveDir: root }, bundle: true, platform: 'node', format: 'cjs', outfile, plugins: [segmentedOnly], logLevel: 'silent' });
    const segmented = createRequire(import.meta.url)(outfile) as (text: string, options?: { ambiguousIsNarrow?: boolean }) => number;
    const { STANDALONE } = (await import(pathToFileURL(path.join(root, 'node_modules/string-width/berth-graphemes.js')).href)) as { STANDALONE: RegExp };
    const alone: string[] = [];
    for (let code = 0; code <= 0xffff; code++) if (STANDALONE.test(String.fromCharCode(code))) alone.push(String.fromCharCode(code));
    assert.ok(alone.length > 3000);
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const texts = ['bench-run-1  berth-test/busybox:lat… running ●', '▼ ─│┌ ★ ⌚ ©', '\u00ad\u0007é'];
    for (let i = 0; i < 2000; i++) texts.push(Array.from({ length: 1 + next(30) }, () => (next(2) === 0 ? String.fromCharCode(0x20 + next(95)) : alone[next(alone.length)]!)).join(''));
    for (const ambiguousIsNarrow of [true, false]) {
      for (const text of [...alone, ...texts]) assert.equal(stringWidth(text, { ambiguousIsNarrow }), segmented(text, { ambiguousIsNarrow }), `${JSON.stringify(text)} (ambiguous ${ambiguousIsNarrow ? 'narrow' : 'wide'})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Yoga as bundled decodes its WebAssembly with Node's base64 decoder, and lays out", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-start-later-'));
  try {
    const outfile = path.join(dir, 'yoga.cjs');
    await build({ stdin: { contents: "module.exports = require('yoga-layout/load');", resolveDir: root }, bundle: true, platform: 'node', format: 'cjs', outfile, plugins: [startLater], logLevel: 'silent' });
    assert.match(readFileSync(outfile, 'utf8'), /Buffer\.from\(a\.slice\(37\), ?"base64"\)/, 'the edit is in the bundle');
    const { loadYoga } = createRequire(import.meta.url)(outfile) as { loadYoga: () => Promise<{ Node: { create(): { setWidth(w: number): void; setHeight(h: number): void; calculateLayout(): void; getComputedWidth(): number; getComputedHeight(): number; free(): void } } }> };
    const yoga = await loadYoga();
    const node = yoga.Node.create();
    node.setWidth(120);
    node.setHeight(40);
    node.calculateLayout();
    assert.deepEqual([node.getComputedWidth(), node.getComputedHeight()], [120, 40]);
    node.free();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const major of Object.keys(NODE_VERSIONS).map(Number) as Array<keyof typeof NODE_VERSIONS>) {
  // Emoji live in planes 0 and 1 (the other planes hold CJK ideographs, tags and private use):
  // those, and the tags and variation selectors of plane 14, keep this to a second.
  test(`on Node ${major}, a code point alone is an RGI emoji only if it has Emoji_Presentation`, async () => {
    const node = await nodeForMajor(major);
    const script = `const rgi = /^\\p{RGI_Emoji}$/v, presentation = /\\p{Emoji_Presentation}/u; let emoji = 0; const without = [];
      for (const cp of [...Array(0x20000).keys(), ...Array(0x200).keys().map((i) => 0xe0000 + i)]) { if (cp >= 0xd800 && cp <= 0xdfff) continue; const t = String.fromCodePoint(cp); if (rgi.test(t)) { emoji++; if (!presentation.test(t)) without.push(cp.toString(16)); } }
      process.stdout.write(JSON.stringify({ emoji, without }));`;
    const { stdout } = await promisify(execFile)(node, ['-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    const { emoji, without } = JSON.parse(stdout) as { emoji: number; without: string[] };
    assert.ok(emoji > 1000, `Node ${major} knows the RGI emoji (${emoji})`);
    assert.deepEqual(without, []);
  });
}

for (const major of Object.keys(NODE_VERSIONS).map(Number) as Array<keyof typeof NODE_VERSIONS>) {
  // undici's Client as bundled: 16384 without an option (Node's own default, and node:http not
  // loaded for it), Node's --max-http-header-size when given, and IncomingMessage still told apart.
  test(`on Node ${major}, the bundled undici takes Node's header size without loading node:http, and an option's through it`, async () => {
    const node = await nodeForMajor(major);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-start-later-'));
    try {
      const outfile = path.join(dir, 'client.cjs');
      const contents = `const Client = require('undici/lib/dispatcher/client.js'); const { destroy } = require('undici/lib/core/util.js');
        const client = new Client('http://127.0.0.1:9');
        const size = client[Object.getOwnPropertySymbols(client).find((s) => s.description === 'max headers size')];
        const before = process.moduleLoadList.includes('NativeModule http');
        const message = new (require('node:http').IncomingMessage)(new (require('node:net').Socket)());
        message.socket = 'socket'; destroy(message);
        process.stdout.write(JSON.stringify({ size, before, nodeDefault: require('node:http').maxHeaderSize, socket: message.socket }));`;
      await build({ stdin: { contents, resolveDir: root, loader: 'js' }, bundle: true, platform: 'node', format: 'cjs', outfile, define: { esbuildDetection: '1' }, plugins: [startLater], logLevel: 'silent' });
      const run = async (env: Record<string, string>, args: string[] = []) => JSON.parse((await promisify(execFile)(node, [...args, outfile], { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } })).stdout) as unknown;
      assert.deepEqual(await run({}), { size: 16384, before: false, nodeDefault: 16384, socket: null });
      assert.deepEqual(await run({ NODE_OPTIONS: '--max-http-header-size=8192' }), { size: 8192, before: true, nodeDefault: 8192, socket: null });
      assert.deepEqual(await run({}, ['--max-http-header-size=32768']), { size: 32768, before: true, nodeDefault: 32768, socket: null });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
