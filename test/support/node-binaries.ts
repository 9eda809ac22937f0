/**
 * The Node binaries berth runs on in the tests and benchmarks: the system's Node only runs npm,
 * the type check, lint and the runner itself (it may be older than berth supports). The npm registry carries Node itself as `node-<os>-<cpu>` packages (bin/node);
 * each pinned version installs once into ~/.cache/berth-node/<version> ($XDG_CACHE_HOME is
 * honoured) and is called by path.
 *
 * Never a dependency of the project: a package with a `node` bin would put it in
 * node_modules/.bin, and npm puts that first on PATH for every script: the "system" Node of
 * `npm test` would silently become this one.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tooOldNode } from '../../src/main/required-node.ts';

/** The Node versions berth supports, pinned: a test or bench figure names the exact binary. */
export const NODE_VERSIONS = { 22: '22.23.3', 24: '24.21.0' } as const;
export type NodeMajor = keyof typeof NODE_VERSIONS;

/**
 * Where the Nodes are kept: BERTH_NODE_CACHE when set (test/run.ts sets it to its own, so the tests
 * use the Nodes it installed instead of installing them again under the run's XDG_CACHE_HOME),
 * else berth-node under $XDG_CACHE_HOME or ~/.cache.
 */
export function cacheRoot(): string {
  const own = process.env.BERTH_NODE_CACHE;
  if (own && path.isAbsolute(own)) return own;
  const xdg = process.env.XDG_CACHE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache'), 'berth-node');
}

function packageName(): string {
  return `node-${process.platform}-${process.arch}`;
}

function binaryIn(dir: string): string {
  return path.join(dir, 'node_modules', packageName(), 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
}

function versionOf(binary: string): string | undefined {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim();
  } catch {
    return undefined;
  }
}

function npmInstall(prefix: string, spec: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Only this one package, nothing recorded anywhere: the registry is the only network used.
    const args = ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', spec];
    const child = spawn('npm', args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')} failed (${code}): ${stderr.trim()}`))));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Staging dirs (`.<version>-<pid>-<time>`) whose installer died half-way (Ctrl-C during npm install). */
function removeAbandonedStaging(): void {
  for (const name of readdirSync(cacheRoot())) {
    const pid = /^\.[\d.]+-(\d+)-\d+$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(path.join(cacheRoot(), name), { recursive: true, force: true });
  }
}

/**
 * The path of Node `version`: this process's own binary if it is that version, else the cached
 * copy, installed from the npm registry first if missing. Concurrent callers (several checkouts
 * testing at once) each install aside and rename into place; the first rename wins.
 */
export async function nodeBinary(version: string, log: (line: string) => void = () => undefined): Promise<string> {
  if (process.version === `v${version}`) return process.execPath;
  const dir = path.join(cacheRoot(), version);
  const binary = binaryIn(dir);
  if (existsSync(binary) && versionOf(binary) === `v${version}`) return binary;

  mkdirSync(cacheRoot(), { recursive: true });
  removeAbandonedStaging();
  const staging = path.join(cacheRoot(), `.${version}-${process.pid}-${Date.now()}`);
  const t0 = Date.now();
  log(`installing Node ${version} (${packageName()}@${version} from the npm registry) into ${dir}`);
  try {
    await npmInstall(staging, `${packageName()}@${version}`);
    const got = versionOf(binaryIn(staging));
    if (got !== `v${version}`) throw new Error(`${packageName()}@${version} gave a node that says ${got ?? 'nothing'}`);
    // Only a copy that does not work is replaced; a rename never half-lands.
    if (existsSync(dir) && versionOf(binary) !== `v${version}`) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Someone else's install landed first; theirs is as good as ours.
      if (versionOf(binary) !== `v${version}`) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  log(`Node ${version} installed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return binary;
}

/** The Node of a major version: this process's own if it has that major, else the pinned one. */
export function nodeForMajor(major: NodeMajor, log?: (line: string) => void): Promise<string> {
  if (process.versions.node.split('.')[0] === String(major)) return Promise.resolve(process.execPath);
  return nodeBinary(NODE_VERSIONS[major], log);
}

/**
 * The variable through which test/run.ts names the Node it runs on: the machine's own, the one
 * `npm test` started it with (test/run.ts and npm need no particular Node).
 */
export const RUNNER_NODE_ENV = 'BERTH_TEST_RUNNER_NODE';

/** The Node this path says it is (`20.20.2`), or undefined when it does not run. */
function nodeVersionOf(binary: string): string | undefined {
  return versionOf(binary)?.replace(/^v/, '');
}

/**
 * A Node older than berth supports, for the test of what berth says on one: the runner's own
 * when it is one (it costs nothing: the machine's Node is already there), else `fallback` from
 * the npm registry (~80 s on a fresh machine).
 */
export async function olderNode(fallback: string, log?: (line: string) => void): Promise<{ binary: string; version: string }> {
  const runner = process.env[RUNNER_NODE_ENV];
  const version = runner && path.isAbsolute(runner) ? nodeVersionOf(runner) : undefined;
  if (runner && version && tooOldNode(version) !== undefined) return { binary: runner, version };
  return { binary: await nodeBinary(fallback, log), version: fallback };
}

/**
 * A Node berth runs on, for the tools that start it (the demo, `npm start`, the soaks): the one
 * running this if berth supports it, else the pinned Node 24 (so a machine whose own Node is
 * older still runs the README's commands).
 */
export async function berthNode(log?: (line: string) => void): Promise<string> {
  return tooOldNode(process.versions.node) === undefined ? process.execPath : nodeBinary(NODE_VERSIONS[24], log);
}
