/**
 * What a newcomer meets first (issue 15), in berth's bundle and a real pseudo-terminal: option
 * mistakes reported before anything else, banners that say what is true (a host name that does
 * not resolve, an API version the engine refuses — in full, with what to do), a status bar that
 * stays readable at 60 columns, and the demo's registry named on screen.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { berthBin, ensureBuilt, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { demoBerthEnv } from '../sandbox/demo-env.ts';

const env = sandboxEnv();
const tag = `first${process.pid}`;
const sessions: PtySession[] = [];

function berth(options: { env?: Record<string, string | undefined>; args?: string[]; cols?: number; rows?: number } = {}): PtySession {
  const session = launchBerth({ ...options, env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, DOCKER_CONTEXT: undefined, ...options.env } });
  sessions.push(session);
  return session;
}

/** The screen without its line breaks: a message wrapped over several lines reads whole again. */
const joined = (screen: string) => screen.replace(/\s*\n\s*/g, ' ');

/** Only bounds a hung test on a busy machine. */
const WAIT_MS = 30_000;

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-web`, env.images.busybox, 'sleep', '3600']);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', `${tag}-web`]).catch(() => undefined);
});

test('an option mistake is reported before anything else, the terminal check included', async () => {
  ensureBuilt();
  const cases: Array<[string[], Record<string, string>, RegExp]> = [
    [['--api-version', 'banana'], {}, /^berth: --api-version "banana" must look like 1\.41\n$/],
    [[], { DOCKER_API_VERSION: 'zz' }, /^berth: DOCKER_API_VERSION "zz" must look like 1\.41\n$/],
    [['-c', 'nosuchctx'], {}, /^berth: context "nosuchctx" does not exist; --context chose it \(list the contexts/],
    [['--interval', 'soon'], {}, /^berth: --interval "soon" must look like 2s or 500ms\n$/],
  ];
  for (const [args, extra, expected] of cases) {
    // stdin and stdout are pipes here, not a terminal: the option is still what berth reports.
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [berthBin, ...args], { env: { ...process.env, DOCKER_CONTEXT: '', ...extra } }, (error, _stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
      );
      child.stdin?.end();
    });
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.stderr, expected);
    assert.doesNotMatch(result.stderr, /interactive terminal/);
  }
});

test('DOCKER_HOST=garbage: the host name does not resolve, and nothing claims stale data', async () => {
  const b = berth({ env: { DOCKER_HOST: 'garbage' }, cols: 100 });
  const screen = await b.waitFor(/host name "garbage"/, WAIT_MS);
  assert.match(joined(screen), /cannot reach tcp:\/\/garbage:2375: (the host name "garbage" does not resolve|cannot look up the host name "garbage")/);
  assert.match(screen, /✕ unreachable/);
  assert.doesNotMatch(screen, /stale|lost the connection/);
});

test('--api-version 0.1: "refused", the engine’s words in full, wrapped, and what to do', async () => {
  const b = berth({ args: ['--api-version', '0.1'], cols: 80 });
  const screen = await b.waitFor((s) => /pin (one from \d+\.\d+ to \d+\.\d+|\d+\.\d+)\b/.test(joined(s)), WAIT_MS);
  const text = joined(screen);
  assert.match(screen.split('\n')[0] ?? '', /✕ refused/);
  assert.match(text, /client version 0\.1 is too old\. Minimum supported API version is [\d.]+, please upgrade your client to a newer version/);
  assert.match(text, /--api-version pins 0\.1: drop --api-version \(berth then negotiates a version\) or pin/);
  assert.doesNotMatch(screen, /connecting/);
});

test('at 60 columns the status bar keeps the state and the counts; at 120 the demo’s registry is named', async () => {
  const narrow = berth({ cols: 60 });
  // Both lists in: the first frame may count only the running containers ('1/… containers').
  const full = /● live {2}\d+\/\d+ containers? · [1-9]\d* images?/;
  // At 60 columns NAME and IMAGE share what is left and both may be cut: the row's start is enough.
  const screen = await narrow.waitFor((s) => s.includes(tag.slice(0, 8)) && full.test(s.split('\n')[0] ?? ''), WAIT_MS);
  const bar = screen.split('\n')[0] ?? '';
  assert.match(bar, full, bar);
  assert.doesNotMatch(bar, /…/);

  const demo = berth({ env: demoBerthEnv({ dockerHost: env.dockerHost, clientConfigDir: env.clientConfigDir, registry: env.registry, images: env.images }), cols: 120 });
  // The registry is named from the start; live once the engine answered (a loaded run read it connecting).
  await demo.waitFor((s) => s.includes(`demo registry ${env.registry.address}`) && /● live/.test(s.split('\n')[0] ?? ''), WAIT_MS);
  // The pull dialog offers the demo registry's sample images: Ctrl-N fills them in, one after another.
  await demo.type('p');
  const dialog = await demo.waitFor(/Ctrl-N fills in/, WAIT_MS);
  assert.ok(dialog.includes(env.images.multiLayer), 'the samples are named');
  await demo.type('\u000e');
  await demo.waitFor(`pulls ${env.images.multiLayer}`, WAIT_MS);
  await demo.type('\u000e');
  await demo.waitFor(`pulls ${env.images.registryBusybox}`, WAIT_MS);
  await demo.type('\r');
  await demo.waitFor(/pulled|up to date/, 60_000);
});

/** The footer: the screen's last line with text, as its parts (two spaces apart). */
function footerParts(screen: string): string[] {
  const last = screen.split('\n').filter((l) => l.trim() !== '').at(-1) ?? '';
  return last.trim().split(/ {2,}/);
}

test('the footer fills 200 columns with more keys than 80; help at 80 columns wraps and scrolls', async () => {
  const b = berth({ cols: 80, rows: 24 });
  let screen = await b.waitFor((s) => s.includes('● live') && s.includes('? help'), WAIT_MS);
  const at80 = footerParts(screen);
  assert.deepEqual(at80.slice(0, 3), ['Enter/l logs', 'e shell', 's stop'], 'the most used keys first');
  b.pty.resize(200, 24);
  b.term.resize(200, 24);
  screen = await b.waitFor((s) => footerParts(s).length > at80.length, WAIT_MS);
  const at200 = footerParts(screen);
  assert.ok(at200.length >= 2 * at80.length - 2, `at 200 columns: ${at200.join(' | ')}; at 80: ${at80.join(' | ')}`);
  assert.deepEqual(at200.slice(-2), ['q quit', '? help']);
  b.pty.resize(80, 24);
  b.term.resize(80, 24);
  await b.waitFor((s) => footerParts(s).length === at80.length, WAIT_MS);

  await b.type('?');
  await b.waitFor(/Keys \(Esc closes\) 1-\d+\/\d+ · ↓\/↑ PgDn\/PgUp scroll/, WAIT_MS);
  // Wrapped, not cut: the rest of the filter's description is on the line under it, in its column.
  await b.waitFor(/^ {2}\/ +filter this pane .*\n {6,}.*details\)/m, WAIT_MS);
  await b.type('j', 'j');
  await b.waitFor(/Keys \(Esc closes\) 3-/, WAIT_MS);
  await b.type('\u001b[6~');
  screen = await b.waitFor(/Keys \(Esc closes\) (\d{2,}|[4-9])-/, WAIT_MS);
  await b.type('G');
  screen = await b.waitFor(/Ctrl-Z +suspend to the shell/, WAIT_MS);
  const [, shownTo, of] = /Keys \(Esc closes\) \d+-(\d+)\/(\d+)/.exec(screen) ?? [];
  assert.equal(shownTo, of, 'the last line is reachable');
});

/**
 * Loaded first (NODE_OPTIONS): notes how many modules Node had loaded when the boot set the lean
 * compilers' V8 flags, and, with the frame that first shows BERTH_SHOWN, writes the Node modules
 * loaded since to BERTH_LATE_MODULES.
 */
const LATE_MODULES_PRELOAD = String.raw`
const v8 = require('node:v8');
const fs = require('node:fs');
let at;
const setFlags = v8.setFlagsFromString;
v8.setFlagsFromString = function (flag) {
  if (at === undefined && flag === '--no-turbofan') at = process.moduleLoadList.length;
  return setFlags.call(this, flag);
};
const write = process.stdout.write;
let written = false;
process.stdout.write = function (chunk, ...rest) {
  if (!written && String(chunk).includes(process.env.BERTH_SHOWN)) {
    written = true;
    const late = at === undefined ? ['(the flags were never set)'] : process.moduleLoadList.slice(at).filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13));
    fs.writeFileSync(process.env.BERTH_LATE_MODULES, JSON.stringify(late));
  }
  return write.call(this, chunk, ...rest);
};
`;

test("the first screen loads none of Node's modules after the lean compilers' V8 flags, under which Node would compile each from source", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-late-modules-'));
  try {
    const preload = path.join(dir, 'preload.cjs');
    const out = path.join(dir, 'late.json');
    writeFileSync(preload, LATE_MODULES_PRELOAD);
    const b = berth({ env: { NODE_OPTIONS: `--require ${preload}`, BERTH_SHOWN: `${tag}-web`, BERTH_LATE_MODULES: out } });
    await b.waitFor(`${tag}-web`, WAIT_MS);
    // The preload wrote the file before passing the frame on.
    assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), [], 'loaded after the flags: add them to FIRST_SCREEN_BUILTINS (src/tuning/lean-compilers.ts)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
