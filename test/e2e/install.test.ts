/**
 * What a user gets from npm: in a fresh copy of the repository (its git-tracked files and the
 * files git would add, nothing built), `npm pack` builds and packs berth; the tarball installs
 * globally into a temporary prefix from npm's cache alone (--offline: any dependency would fail
 * the install), brings no other package, and the installed `berth` command draws the sandbox
 * engine's containers in a real pty. `npx` runs it from the tarball too.
 *
 * The Node running this file runs everything here (npm, the build, berth): its directory goes
 * first on PATH, so under the Node 24 pass this is a Node 24 user's install.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { e2eScratch, output } from '../support/e2e-scratch.ts';
import { PtySession } from '../support/pty.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string };
const sandbox = sandboxEnv();
const { dir: work, container: name, sessions } = e2eScratch('install', (dir) => copyRepository(path.join(dir, 'repo')));
const copy = path.join(work, 'repo');
const prefix = path.join(work, 'prefix');
const cache = path.join(work, 'npm-cache');
const tarball = path.join(work, `${pkg.name}-${pkg.version}.tgz`);
const xdgCache = path.join(work, 'xdg-cache');

/**
 * A user's shell: no npm_* variables from the `npm test` around us (npm reads npm_config_* as
 * its own settings), no node_modules/.bin on PATH, this Node first, a private npm cache.
 */
function userEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^npm_/i.test(k) || k === 'INIT_CWD' || k === 'NODE' || k === 'NODE_PATH') continue;
    env[k] = v;
  }
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter((d) => d && !d.includes(`${path.sep}node_modules${path.sep}`));
  env.PATH = [path.dirname(process.execPath), path.join(prefix, 'bin'), ...dirs].join(path.delimiter);
  env.XDG_CACHE_HOME = xdgCache;
  env.npm_config_cache = cache;
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  return env;
}

function sh(command: string, args: string[], cwd: string): Promise<string> {
  return output(command, args, { cwd, env: userEnv() });
}

/** The repository as a fresh clone would have it if the working tree were committed now. */
function copyRepository(into: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  for (const rel of listed.split('\0').filter(Boolean)) {
    const from = path.join(root, rel);
    if (!existsSync(from) || !lstatSync(from).isFile()) continue; // deleted in the working tree
    const to = path.join(into, rel);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
    chmodSync(to, statSync(from).mode);
  }
  // The build's tools (esbuild, tsx, the bundled libraries) as `npm ci` installed them here: the
  // same lockfile, without a second install.
  symlinkSync(path.join(root, 'node_modules'), path.join(into, 'node_modules'), 'dir');
}

test('npm pack in a fresh copy builds the bundle and packs it with README, LICENSE and the licence notices, and nothing else', async () => {
  assert.ok(!existsSync(path.join(copy, 'dist')), 'the copy starts unbuilt');
  const [packed] = JSON.parse(await sh('npm', ['pack', '--json', '--pack-destination', work], copy)) as Array<{ filename: string; files: Array<{ path: string }> }>;
  assert.ok(packed && existsSync(path.join(work, packed.filename)) && path.join(work, packed.filename) === tarball, `packed ${packed?.filename}`);
  const files = packed.files.map((f) => f.path).sort();
  assert.deepEqual(files, ['LICENSE', 'README.md', 'dist/THIRD-PARTY-NOTICES.txt', 'dist/app.cjs', 'dist/berth.cjs', 'package.json'], 'only the boot and the app, README, LICENSE, notices and package.json');
  // The clone's `prepare` (its patches) stays out of the packed manifest (test/tools/pack-manifest.ts),
  // and the clone's package.json is back as it was once the pack is done.
  assert.equal(readFileSync(path.join(copy, 'package.json'), 'utf8'), readFileSync(path.join(root, 'package.json'), 'utf8'), 'package.json restored');
  assert.ok(!existsSync(path.join(copy, '.package.json.before-pack')), 'no backup left');

  const notices = readFileSync(path.join(copy, 'dist', 'THIRD-PARTY-NOTICES.txt'), 'utf8');
  for (const lib of ['ink', 'react', 'undici', 'yoga-layout', 'string-width']) assert.match(notices, new RegExp(`^${lib}@\\d`, 'm'), `${lib}'s notice`);
  assert.doesNotMatch(notices, /^(typescript|esbuild|tsx|eslint|node-pty)@/m, 'only what is bundled');
});

/** stdout and stderr together: npm says its warnings on stderr. */
function shAll(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: userEnv(), timeout: 300_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command} ${args.join(' ')} failed: ${err.message}\n${stderr}`));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

test('the tarball installs globally with npm alone: one package, no dependencies, no install script', async () => {
  const said = await shAll('npm', ['install', '--global', '--prefix', prefix, '--offline', tarball], work);
  // npm 11 warns of a package's install scripts ("install-scripts … prepare: …"); berth has none.
  assert.doesNotMatch(said, /prepare|install-scripts/, 'npm warns of no script of berth’s');
  assert.deepEqual(readdirSync(path.join(prefix, 'lib', 'node_modules')), [pkg.name]);
  const installed = path.join(prefix, 'lib', 'node_modules', pkg.name);
  assert.ok(!existsSync(path.join(installed, 'node_modules')), 'no node_modules inside the package');
  const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies']) assert.equal(manifest[field], undefined, field);
  assert.equal(manifest.private, undefined);
  assert.equal((manifest.scripts as Record<string, string> | undefined)?.prepare, undefined, 'the packed manifest has no prepare');
  assert.equal((await sh('node', ['--version'], work)).trim(), process.version, "the user's node is this test's");
  assert.equal((await sh('berth', ['--version'], work)).trim(), `berth ${pkg.version}`, 'the version comes from package.json');
});

/** The code cache files berth keeps for this Node (src/tuning/code-cache.ts), with when each was written. */
function codeCaches(): Map<string, number> {
  const dir = path.join(xdgCache, 'berth');
  const prefix = `${process.version}-${process.arch}-`;
  const names = existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith('.code')) : [];
  return new Map(names.map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
}

/** Polls `check` every 100 ms until it holds or `ms` pass. */
async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (check()) return true;
  return check();
}

test('the installed berth command shows the engine’s containers in a terminal, and keeps its compiled code for the next start', async () => {
  const env = { ...userEnv(), DOCKER_HOST: sandbox.dockerHost };
  const start = async () => {
    const b = new PtySession({ command: path.join(prefix, 'bin', 'berth'), env, cwd: work });
    sessions.push(b);
    const screen = await b.waitFor(name, 20_000);
    // The engine answered (the status bar's API version gives way first on a narrow bar, so not that).
    assert.match(screen, /● live/);
    assert.match(screen, /CONTAINER ID/);
    return b;
  };
  const quit = async (b: PtySession) => {
    b.write('q');
    assert.equal((await b.exited).exitCode, 0);
  };
  const first = await start();
  // Written once start-up has settled (1.5 s without a key or a change).
  assert.ok(await eventually(() => codeCaches().size === 1, 15_000), `a code cache in ${xdgCache}/berth`);
  const made = codeCaches();
  await quit(first);
  // The next start takes it: V8 accepted it (else berth would write a new one once settled).
  const second = await start();
  await new Promise((r) => setTimeout(r, 3000));
  await quit(second);
  assert.deepEqual(codeCaches(), made, 'the second start used the cache and did not write it again');
});

test('npx runs berth from the tarball, by --package and by the package alone', async () => {
  const local = `./${path.basename(tarball)}`; // as typed; npx takes an absolute path for a command
  assert.equal((await sh('npx', ['--yes', '--offline', '--package', local, 'berth', '--version'], work)).trim(), `berth ${pkg.version}`);
  // What `npx berth-tui` does once published: the package's one bin runs.
  assert.equal((await sh('npx', ['--yes', '--offline', local, '--version'], work)).trim(), `berth ${pkg.version}`);
});
