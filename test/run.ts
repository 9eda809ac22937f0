/**
 * The test runner behind `npm test` / `npm run test:unit`.
 *
 *   tsx test/run.ts [--unit] [node --test flags…] [files or dirs…]
 *
 * Finds test/**\/*.test.ts(x). A whole run then runs the files listed in test/engine-passes.ts
 * against Podman as well, in a second `node --test`; `--engine=podman files…` runs named files
 * against Podman only. Files under test/e2e/ and files named *.int.test.ts(x) need
 * the engine; everything else is a unit test. `--unit` runs only unit tests. Otherwise, if
 * any selected file needs the engine, one sandbox is started first and its variables are
 * passed to the tests. The tests run in `node --test` (one file at a time, spec reporter,
 * output straight to the terminal so Node's summary is the last thing printed); the sandbox
 * is then always stopped, also on SIGINT/SIGTERM, and we exit with the test run's status.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEngineOption, podmanFiles, type TestEngine } from './engine-passes.ts';
import { watchLauncher } from './sandbox/lifeline.ts';
import { startSandbox } from './sandbox/sandbox.ts';
import type { Sandbox } from './sandbox/sandbox.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST_DIR = path.join(ROOT, 'test');
const TEST_FILE = /\.test\.tsx?$/;

function findTestFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findTestFiles(full));
    else if (entry.isFile() && TEST_FILE.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** Integration and e2e tests: the ones that need a Docker engine (the sandbox). */
function needsEngine(file: string): boolean {
  const rel = path.relative(TEST_DIR, path.resolve(file)).split(path.sep).join('/');
  return rel.startsWith('e2e/') || /\.int\.test\.tsx?$/.test(file);
}

interface Args {
  unit: boolean;
  nodeFlags: string[];
  targets: string[];
  /** --engine=…; see test/engine-passes.ts. */
  engines?: TestEngine[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { unit: false, nodeFlags: [], targets: [] };
  for (const a of argv) {
    if (a === '--unit') args.unit = true;
    else if (parseEngineOption(a)) args.engines = parseEngineOption(a);
    else if (a.startsWith('--')) args.nodeFlags.push(a); // e.g. --test-name-pattern=…, --test-only
    else args.targets.push(a);
  }
  return args;
}

function selectFiles(args: Args): string[] {
  let files: string[];
  if (args.targets.length === 0) {
    files = findTestFiles(TEST_DIR);
  } else {
    const picked = new Set<string>();
    for (const t of args.targets) {
      const full = path.resolve(t);
      if (!existsSync(full)) throw new Error(`no such test file or directory: ${t}`);
      if (statSync(full).isDirectory()) for (const f of findTestFiles(full)) picked.add(f);
      else picked.add(full);
    }
    files = [...picked].sort();
  }
  return args.unit ? files.filter((f) => !needsEngine(f)) : files;
}

const log = (line: string) => process.stderr.write(`[test/run] ${line}\n`);

// Once the tests run, sandbox progress lines are held back so that Node's summary stays the
// last thing printed; they are shown only if stopping the sandbox fails.
let holdSandboxLog = false;
const heldSandboxLog: string[] = [];
const sandboxLog = (line: string) => (holdSandboxLog ? heldSandboxLog.push(line) : log(`sandbox: ${line}`));

let sandbox: Sandbox | undefined;
let child: ChildProcess | undefined;
let stopped: Promise<boolean> | undefined;

/** Stops the sandbox once. Resolves false if that failed (which fails the run). */
function stopSandbox(): Promise<boolean> {
  stopped ??= (async () => {
    if (!sandbox) return true;
    try {
      await sandbox.stop();
      return true;
    } catch (e) {
      for (const line of heldSandboxLog) log(`sandbox: ${line}`);
      log(`stopping the sandbox failed: ${(e as Error).stack ?? String(e)}`);
      return false;
    }
  })();
  return stopped;
}

function onSignal(sig: NodeJS.Signals): void {
  if (child && child.exitCode === null && child.signalCode === null) {
    // The test run ends, its 'exit' handler stops the sandbox and sets our exit code. A
    // terminal Ctrl-C reached the child already (same process group); this is for a
    // SIGTERM sent to us alone.
    child.kill(sig);
    return;
  }
  if (!sandbox) {
    // Still starting: the sandbox's own 'exit' handler tears down whatever exists so far.
    process.exit(128 + (os.constants.signals[sig] ?? 1));
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const files = selectFiles(args);
  if (files.length === 0) {
    log(args.targets.length > 0 ? 'no test files matched' : 'no test files found');
    return args.targets.length > 0 ? 1 : 0;
  }

  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, onSignal);
  // npm does not pass SIGTERM on to us; notice our launcher dying instead.
  watchLauncher(() => onSignal('SIGTERM'));

  const env: NodeJS.ProcessEnv = { ...process.env };
  // Ink decides at import time that it runs "in CI" when CI is set and then draws nothing until
  // exit, which would blind the component tests; CI itself sets CI=true.
  delete env.CI;
  delete env.CONTINUOUS_INTEGRATION;
  const named = args.targets.length > 0;
  const engines = args.engines ?? (named || args.unit ? ['docker'] : ['docker', 'podman']);
  const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');
  // The unit tests run once, with the docker pass; the Podman pass repeats engine files only.
  const passes = engines
    .map((engine) => ({ engine, files: engine === 'docker' ? files : podmanFiles(files.filter(needsEngine), named, rel) }))
    .filter((pass) => pass.files.length > 0);
  if (passes.some((pass) => pass.files.some(needsEngine))) {
    const t0 = Date.now();
    sandbox = await startSandbox({ log: sandboxLog, podman: passes.some((pass) => pass.engine === 'podman') });
    log(`sandbox ${sandbox.dir} ready in ${Date.now() - t0} ms`);
    holdSandboxLog = true;
    // A context or TLS settings from the developer's shell would point the docker CLI (and
    // berth) somewhere other than DOCKER_HOST.
    for (const k of ['DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH']) delete env[k];
  }

  let code = 0;
  for (const pass of passes) {
    if (passes.length > 1) log(`${pass.engine}: ${pass.files.length} files`);
    const passEnv = { ...env, ...(sandbox && pass.engine === 'podman' ? sandbox.podman?.env() : sandbox?.env()) };
    const passCode = await runNodeTest(pass.files, passEnv, args.nodeFlags);
    if (code === 0) code = passCode;
  }
  const stoppedCleanly = await stopSandbox();
  return code === 0 && !stoppedCleanly ? 1 : code;
}

function runNodeTest(files: string[], env: NodeJS.ProcessEnv, nodeFlags: string[]): Promise<number> {
  const nodeArgs = ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...nodeFlags, ...files.map((f) => path.relative(ROOT, f))];
  return new Promise<number>((resolve) => {
    child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', (e) => {
      log(`could not start node --test: ${e.message}`);
      resolve(1);
    });
    child.on('exit', (exitCode, sig) => {
      resolve(exitCode ?? 128 + (sig ? (os.constants.signals[sig] ?? 1) : 1));
    });
  });
}

try {
  process.exit(await main());
} catch (e) {
  log((e as Error).stack ?? String(e));
  await stopSandbox();
  process.exit(1);
}
