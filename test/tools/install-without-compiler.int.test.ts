/**
 * `npm ci` must work on a machine without build tools: every dependency with native code has to
 * ship a prebuilt binary (the pseudo-terminal package the e2e tests and benchmarks use is the one
 * that once compiled from source). This installs the project's lockfile in a fresh directory
 * with the C/C++ compilers, make, python and node-gyp hidden from PATH, then opens a
 * pseudo-terminal with what it installed.
 *
 * An integration test (it needs the npm registry, or npm's cache of it, and takes a while), so
 * `npm test` runs it and `npm run test:unit` does not.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { run } from '../sandbox/exec.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(path.join(os.tmpdir(), 'berth-npm-ci-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** What building native code needs: compilers, assemblers, linkers, make, python (node-gyp's runtime) and node-gyp. */
const BUILD_TOOL = /(^|-)(cc|c\+\+|cpp|gcc|g\+\+|clang|clang\+\+|tcc|ld(\.[a-z]+)?|as|make|gmake|cmake|ninja|python[0-9.]*|node-gyp)(-[0-9.]+)?$/;

/**
 * A directory of links to every executable on PATH except the build tools: PATH with the
 * compiler taken away, everything else (node, npm, sh, git) where it was.
 */
function pathWithoutBuildTools(dir: string): string {
  mkdirSync(dir);
  const seen = new Set<string>();
  for (const entry of (process.env.PATH ?? '').split(path.delimiter)) {
    if (entry === '' || !path.isAbsolute(entry)) continue;
    let names: string[];
    try {
      names = readdirSync(entry);
    } catch {
      continue;
    }
    for (const name of names) {
      if (seen.has(name) || BUILD_TOOL.test(name)) continue;
      const full = path.join(entry, name);
      try {
        if (!statSync(full).isFile()) continue;
      } catch {
        continue;
      }
      seen.add(name);
      symlinkSync(full, path.join(dir, name));
    }
  }
  // The node running this test, whatever PATH says (npm's scripts start with `#!/usr/bin/env node`).
  if (!seen.has('node')) symlinkSync(process.execPath, path.join(dir, 'node'));
  return dir;
}

/** The environment npm ci gets: the reduced PATH, no compiler variables, none of npm's own from `npm test`. */
function installEnv(bin: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|CC$|CXX$|CPP$|LD$|AR$|PYTHON$|MAKE$)/i.test(key)) continue;
    env[key] = value;
  }
  env.PATH = bin;
  return env;
}

test('npm ci succeeds with no compiler, make or python on PATH, and the pseudo-terminal package works', { timeout: 10 * 60_000 }, async () => {
  const bin = pathWithoutBuildTools(path.join(work, 'bin'));
  const env = installEnv(bin);
  // The test means something only if the tools really are gone.
  for (const tool of ['cc', 'gcc', 'g++', 'c++', 'make', 'python3']) {
    const found = await run('/bin/sh', ['-c', `command -v ${tool} || true`], { env });
    assert.equal(found.stdout.trim(), '', `${tool} is still on PATH`);
  }
  assert.ok(readdirSync(bin).includes('npm'), 'npm is on the reduced PATH');

  const project = path.join(work, 'project');
  mkdirSync(project);
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(root, file), path.join(project, file));
  // --prefer-offline: the tarballs are usually in npm's cache already (this checkout installed them).
  const install = await run(path.join(bin, 'npm'), ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, env, timeoutMs: 9 * 60_000 }).catch(
    (error: Error) => error,
  );
  assert.ok(!(install instanceof Error), `npm ci without build tools failed:\n${install instanceof Error ? install.message : ''}`);

  // The installed package opens a real pseudo-terminal (its prebuilt binary loads and works).
  const probe = [
    "const pty = require('@lydell/node-pty');",
    "const p = pty.spawn('/bin/sh', ['-c', 'test -t 0 && exit 7'], { cols: 40, rows: 10 });",
    'p.onExit((e) => process.exit(e.exitCode === 7 ? 0 : 1));',
  ].join('\n');
  const smoke = await run(path.join(bin, 'node'), ['-e', probe], { cwd: project, env, timeoutMs: 60_000 }).catch((error: Error) => error);
  assert.ok(!(smoke instanceof Error), `the installed pty package does not work: ${smoke instanceof Error ? smoke.message : ''}`);
});
