/**
 * The test runner behind `npm test` / `npm run test:unit`.
 *
 *   tsx test/run.ts [--checks] [--unit] [--engine=docker|podman|both] [--pass=NAME… | --all-passes]
 *                   [node --test flags…] [files or dirs…]
 *
 * `--checks` (what `npm test` gives): the type check and lint run while the runner sets up, and
 * no pass starts unless both passed (test/static-checks.ts).
 *
 * Finds test/**\/*.test.ts(x). Files under test/e2e/ and files named *.int.test.ts(x) need
 * the engine; everything else is a unit test. `--unit` runs only unit tests. The files run in
 * passes (test/passes.ts: which Node runs which files against which engine); Node binaries a
 * pass needs are installed first, once (test/support/node-binaries.ts). If any file of any pass
 * needs an engine, one sandbox is started (with Podman beside dockerd if a pass needs it; a
 * second one, docker only, for a pass with `ownSandbox`) and
 * each pass gets the variables of its engine. Before a pass that uses the engine, a preflight
 * (test/sandbox/preflight.ts, ~0.1 s) checks that its engine answers, that the engine itself
 * reaches the sandbox registry and that sshd answers; if not, one line names the broken part and
 * the pass fails without running (a slirp4netns that exited is first started again, and said so).
 * Each pass is one `node --test`
 * (one file at a time, Node's spec reporter, output straight to the terminal); the summary that
 * covers every pass is the last thing printed, after each pass's time and the slowest files
 * (BERTH_TEST_TIMES=FILE keeps every file's time there, a JSON line each). The sandbox is then always stopped, also on
 * SIGINT/SIGTERM, and we exit non-zero if any pass failed.
 */
import { buildSync } from 'esbuild';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEngineOption, type TestEngine } from './engine-passes.ts';
import { isEndToEnd, isIntegration, PASSES, type Pass } from './passes.ts';
import { watchLauncher } from './sandbox/lifeline.ts';
import { preflight, type PreflightTarget } from './sandbox/preflight.ts';
import { startSandbox } from './sandbox/sandbox.ts';
import type { Sandbox } from './sandbox/sandbox.ts';
import { cacheRoot as nodeCacheRoot, nodeBinary, RUNNER_NODE_ENV } from './support/node-binaries.ts';
import { failureLines, readFailures, readFileTimes, readTally, SUMMARY_KEYS, timeTable } from './summary-reporter.ts';
import { filesRunningUnder, killTree, PASS_LIMIT_MS } from './pass-limit.ts';
import { SANDBOX_ENV } from './sandbox/env-vars.ts';
import { startStaticChecks } from './static-checks.ts';

/** The sandbox's ssh engine's variables, from its dockerd's. */
function sshOf(env: Record<string, string> | undefined): Record<string, string> {
  const host = env?.[SANDBOX_ENV.sshHost];
  const command = env?.[SANDBOX_ENV.sshCommand];
  return host && command ? { [SANDBOX_ENV.sshHost]: host, [SANDBOX_ENV.sshCommand]: command } : {};
}

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
  return isEndToEnd(file) || isIntegration(file);
}

interface Args {
  unit: boolean;
  /** --checks: the type check and lint run during the set-up, and gate the passes (npm test). */
  checks: boolean;
  /** --pass=NAME as given; undefined: chosen by --engine and whether files are named. */
  passes: string[] | undefined;
  /** --engine=…; see test/engine-passes.ts. */
  engines?: TestEngine[];
  nodeFlags: string[];
  targets: string[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { unit: false, checks: false, passes: undefined, nodeFlags: [], targets: [] };
  for (const a of argv) {
    if (a === '--unit') args.unit = true;
    else if (a === '--checks') args.checks = true;
    else if (a === '--all-passes') args.passes = PASSES.map((p) => p.name);
    else if (a.startsWith('--pass=')) (args.passes ??= []).push(a.slice('--pass='.length));
    else if (parseEngineOption(a)) args.engines = parseEngineOption(a);
    else if (a.startsWith('--')) args.nodeFlags.push(a); // e.g. --test-name-pattern=…, --test-only
    else args.targets.push(a);
  }
  return args;
}

/**
 * A whole run: every pass (of the engines --engine names). Named files or --unit: the first pass
 * of each engine named (docker if none). --pass/--all-passes: exactly those.
 */
function selectPasses(args: Args): Pass[] {
  if (!args.passes) {
    const engines = args.engines ?? (args.unit || args.targets.length > 0 ? ['docker'] : ['docker', 'podman']);
    const ofEngines = PASSES.filter((p) => engines.includes(p.engine));
    if (!args.unit && args.targets.length === 0) return ofEngines;
    return ofEngines.filter((p) => p === ofEngines.find((q) => q.engine === p.engine));
  }
  return args.passes.map((name) => {
    const pass = PASSES.find((p) => p.name === name);
    if (!pass) throw new Error(`no pass named ${name} (passes: ${PASSES.map((p) => p.name).join(', ')})`);
    return pass;
  });
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
/**
 * A second dockerd sandbox of its own (registry, sshd and images too), for the pass that runs
 * e2e files beside Node 24's (`Pass.ownSandbox`): the two lanes' containers, counts and faults
 * (a killed or frozen dockerd) never meet. Started while the first passes run.
 */
let second: Promise<Sandbox> | undefined;
/** The passes' `node --test` processes now running (two when a pass runs beside another). */
const children = new Set<ChildProcess>();
let stopped: Promise<boolean> | undefined;

/** A sandbox stops in 2–15 s; past this, the run ends anyway (its 'exit' handler removes what it can). */
const STOP_LIMIT_MS = 180_000;

/** Stops the sandbox once. Resolves false if that failed (which fails the run). */
function stopSandbox(): Promise<boolean> {
  stopped ??= (async () => {
    if (!sandbox) return true;
    try {
      const other = await second?.catch(() => undefined);
      // Every step of a stop is bounded; this bounds their sum too, whatever an engine does.
      let limit: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        limit = setTimeout(() => reject(new Error(`it had not finished after ${STOP_LIMIT_MS / 1000} s`)), STOP_LIMIT_MS);
      });
      await Promise.race([Promise.all([sandbox.stop(), other?.stop()]), late]).finally(() => clearTimeout(limit));
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
  interrupted = true;
  const running = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
  if (running.length > 0) {
    // The test run ends, its 'exit' handler stops the sandbox and sets our exit code. A
    // terminal Ctrl-C reached the children already (same process group); this is for a
    // SIGTERM sent to us alone.
    for (const c of running) c.kill(sig);
    return;
  }
  if (!sandbox) {
    // Still starting: the sandbox's own 'exit' handler tears down whatever exists so far.
    process.exit(128 + (os.constants.signals[sig] ?? 1));
  }
}

interface PlannedPass {
  pass: Pass;
  node: string;
  files: string[];
}

/** The reporter, compiled: Node 20 loads reporters before `--import tsx` applies. */
function compileReporter(dir: string): string {
  const outfile = path.join(dir, 'summary-reporter.mjs');
  buildSync({ entryPoints: [path.join(TEST_DIR, 'summary-reporter.ts')], outfile, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
  return outfile;
}

/** Lines about passes stopped at their limit, printed again after the summary. */
const lateLines: string[] = [];

/**
 * One pass: one `node --test`. Its output goes to the terminal, or (`held`) to a file printed
 * once the pass it runs beside has printed its own.
 */
function runPass(planned: PlannedPass, env: NodeJS.ProcessEnv, nodeFlags: string[], reporter: string, held?: number): Promise<number> {
  const concurrency = planned.files.some(needsEngine) ? 1 : (planned.pass.concurrency ?? 1);
  const nodeArgs = [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    // A test that hangs (a wait with no bound, a process that never exits) fails after five
    // minutes instead of holding the whole run until CI's limit; the slowest test takes ~1 min.
    '--test-timeout=300000',
    // Not --test-force-exit: it ended files before the tests they make while running had run
    // (2026-12-05: 146 fewer tests passed, none failed). A file whose process outlives its tests
    // is ended with its pass (test/pass-limit.ts).
    `--test-reporter=${reporter}`,
    '--test-reporter-destination=stdout',
    ...nodeFlags,
    ...planned.files.map((f) => path.relative(ROOT, f)),
  ];
  return new Promise<number>((resolve) => {
    const child = spawn(planned.node, nodeArgs, { cwd: ROOT, env, stdio: held === undefined ? 'inherit' : ['ignore', held, held] });
    children.add(child);
    const limit = setTimeout(() => {
      if (child.pid === undefined) return;
      const files = filesRunningUnder(child.pid).map((f) => path.relative(ROOT, path.resolve(ROOT, f)));
      const line = `pass "${planned.pass.name}" was stopped after ${PASS_LIMIT_MS / 60_000} min, far past any pass's length; still running: ${files.join(', ') || 'no test file'}`;
      log(line);
      lateLines.push(line);
      killTree(child.pid);
    }, PASS_LIMIT_MS);
    child.on('error', (e) => {
      clearTimeout(limit);
      log(`could not start node --test: ${e.message}`);
      resolve(1);
    });
    child.on('exit', (exitCode, sig) => {
      clearTimeout(limit);
      children.delete(child);
      resolve(exitCode ?? 128 + (sig ? (os.constants.signals[sig] ?? 1) : 1));
    });
  });
}

/** What a pass's preflight checks: its engine, the engine's way to the registry, and sshd. */
function preflightTarget(box: Sandbox, engine: TestEngine): PreflightTarget {
  const podman = box.podman;
  if (engine === 'podman') {
    if (!podman) throw new Error('a Podman pass without the sandbox Podman');
    return { engine: { kind: 'podman', socketPath: podman.socketPath, registry: podman.registry, networkProblem: podman.networkProblem }, hostRegistry: box.registry, sshPort: box.sshPort };
  }
  return { engine: { kind: 'docker', socketPath: box.socketPath, registry: box.registry }, hostRegistry: box.registry, sshPort: box.sshPort };
}

/**
 * undefined when the pass's engine and its way to the registry work, else the line naming what is
 * broken. A slirp4netns that has exited is started again first (and said so): it is the one part
 * the sandbox can put back without disturbing what the engine holds.
 */
async function checkPass(box: Sandbox, engine: TestEngine): Promise<string | undefined> {
  const t0 = Date.now();
  const target = preflightTarget(box, engine);
  let problem = await preflight(target);
  if (problem && engine === 'podman' && box.podman?.networkProblem()) {
    log(`preflight: ${problem}`);
    try {
      log(`preflight: ${await box.podman.restoreNetwork()}`);
      problem = await preflight(target);
    } catch (e) {
      log(`preflight: could not start slirp4netns again: ${(e as Error).message}`);
    }
  }
  log(`preflight ${engine}: ${problem ? 'FAILED' : 'engine, registry and sshd answer'} (${Date.now() - t0} ms)`);
  return problem;
}

let interrupted = false;

/**
 * The summary of every pass, the last lines of the run in the form Node's spec reporter prints
 * its own (CI reads them): the slowest files, every failed test with its error, then the counts added up.
 */
function summarise(tally: string, times: string, failures: string): void {
  const passes = readTally(tally);
  const lines = [...timeTable(readFileTimes(times)), ...failureLines(readFailures(failures)), ...SUMMARY_KEYS.map((key) => {
    const total = passes.reduce((sum, e) => sum + (e.counts[key] ?? 0), 0);
    return `${key} ${key === 'duration_ms' ? Number(total.toFixed(6)) : total}`;
  })];
  for (const line of lines) process.stdout.write(`ℹ ${line}\n`);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  // Started first: their CPU fills the set-up's waits on the network and the disk.
  const checks = args.checks ? startStaticChecks(ROOT) : undefined;
  const files = selectFiles(args);
  if (files.length === 0) {
    log(args.targets.length > 0 ? 'no test files matched' : 'no test files found');
    return args.targets.length > 0 ? 1 : 0;
  }

  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, onSignal);
  // npm does not pass SIGTERM on to us; notice our launcher dying instead.
  watchLauncher(() => onSignal('SIGTERM'));

  const plan: PlannedPass[] = [];
  const named = args.targets.length > 0;
  for (const pass of selectPasses(args)) {
    const passFiles = files.filter((f) => pass.runs(f, named));
    if (passFiles.length === 0) continue;
    const node = await nodeBinary(pass.node, log);
    plan.push({ pass, node, files: passFiles });
  }
  if (plan.length === 0) {
    log('no pass runs any of the selected files');
    return 1;
  }

  const env: NodeJS.ProcessEnv = { ...process.env };
  // Ink decides at import time that it runs "in CI" when CI is set and then draws nothing until
  // exit, which would blind the component tests; CI itself sets CI=true.
  delete env.CI;
  delete env.CONTINUOUS_INTEGRATION;
  if (plan.some((p) => p.files.some(needsEngine))) {
    const t0 = Date.now();
    sandbox = await startSandbox({ log: sandboxLog, podman: plan.some((p) => p.pass.engine === 'podman') });
    log(`sandbox ${sandbox.dir} ready in ${Date.now() - t0} ms`);
    holdSandboxLog = true;
    // A context or TLS settings from the developer's shell would point the docker CLI (and
    // berth) somewhere other than DOCKER_HOST.
    for (const k of ['DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH']) delete env[k];
    if (plan.some((p) => p.pass.ownSandbox && p.files.some(needsEngine))) {
      const t1 = Date.now();
      second = startSandbox({ log: sandboxLog }).then((box) => {
        log(`second sandbox ${box.dir} ready in ${Date.now() - t1} ms`);
        return box;
      });
      // Awaited by its pass; a failure is reported there.
      second.catch(() => undefined);
    }
  }

  // The bundle the e2e files drive, built once for every pass (support/pty.ts ensureBuilt).
  if (plan.some((p) => p.files.some((f) => isEndToEnd(f) || path.relative(TEST_DIR, f).split(path.sep)[0] === 'main'))) {
    const t0 = Date.now();
    const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(TEST_DIR, 'tools', 'build.ts')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error(`the build failed (exit ${build.status ?? build.signal})`);
    env.BERTH_TEST_BUILT = '1';
    log(`built dist/ in ${Date.now() - t0} ms`);
  }

  const work = mkdtempSync(path.join(os.tmpdir(), 'berth-test-run-'));
  // berth keeps its compiled code under $XDG_CACHE_HOME/berth on Node 22.1+: the bundles of a
  // test run go to one that goes with the run, not to the developer's cache.
  // The Nodes the passes run on stay where the runner found or installed them (node-binaries.ts):
  // the tests that start another Node use those, not a fresh install into the run's cache.
  env.BERTH_NODE_CACHE = nodeCacheRoot();
  // The machine's own Node: the test of what berth says on a Node too old for it uses this one
  // when it is that old, instead of fetching Node 20 (test/main/required-node.test.ts).
  env[RUNNER_NODE_ENV] = process.execPath;
  env.XDG_CACHE_HOME = path.join(work, 'cache');
  let failed = false;
  const notRun: string[] = [];
  try {
    const reporter = compileReporter(work);
    const tally = path.join(work, 'tally.jsonl');
    // Every file's wall time: the slowest are listed before the summary; BERTH_TEST_TIMES=FILE keeps them all.
    const times = process.env.BERTH_TEST_TIMES || path.join(work, 'times.jsonl');
    const failures = path.join(work, 'failures.jsonl');
    // Passes in groups: a pass with `alongside` runs at the same time as the pass it names.
    const groups: PlannedPass[][] = [];
    for (const planned of plan) {
      const host = planned.pass.alongside === undefined ? undefined : groups.find((g) => g.some((q) => q.pass.name === planned.pass.alongside));
      if (host) host.push(planned);
      else groups.push([planned]);
    }
    let n = 0;
    const runOne = async (planned: PlannedPass, held: number | undefined): Promise<void> => {
      n += 1;
      log(`pass ${n}/${plan.length} "${planned.pass.name}": Node v${planned.pass.node}, ${planned.pass.engine}, ${planned.files.length} files${held === undefined ? '' : ' (beside the one above; its output follows it)'}`);
      // The ssh engine is the sandbox's dockerd in every pass (a fleet test on Podman adds it too).
      let box = sandbox;
      if (planned.pass.ownSandbox && second) {
        try {
          box = await second;
        } catch (e) {
          failed = true;
          const line = `pass "${planned.pass.name}" FAILED before its tests ran: its sandbox did not start: ${(e as Error).message}`;
          notRun.push(line);
          log(line);
          return;
        }
      }
      const docker = box?.env();
      const engineEnv = planned.pass.engine === 'podman' ? { ...sandbox?.podman?.env(), ...sshOf(docker) } : docker;
      // The summary of every pass is printed here once all have ended (summarise below), not by a pass.
      const passEnv = { ...env, ...engineEnv, BERTH_TEST_TALLY: tally, BERTH_TEST_TIMES: times, BERTH_TEST_FAILURES: failures, BERTH_TEST_PASS: planned.pass.name, BERTH_TEST_LAST_PASS: '0' };
      // Its tests would each wait out their own timeout against a broken engine: fail at once instead.
      const problem = box && planned.files.some(needsEngine) ? await checkPass(box, planned.pass.engine) : undefined;
      if (problem) {
        failed = true;
        const line = `pass "${planned.pass.name}" FAILED before its tests ran: ${problem}`;
        notRun.push(line);
        log(line);
        return;
      }
      const code = await runPass(planned, passEnv, args.nodeFlags, reporter, held);
      if (code !== 0) failed = true;
      outcomes.push({ name: planned.pass.name, code });
    };
    const outcomes: Array<{ name: string; code: number }> = [];
    const checked = await checks;
    if (checked) log(`type check and lint ${checked.ok ? 'passed' : 'FAILED'} in ${checked.ms} ms (during the set-up)`);
    if (checked?.ok === false) {
      process.stderr.write(checked.output);
      failed = true;
      notRun.push('the type check or lint failed (above): no pass ran');
    }
    for (const group of groups) {
      if (interrupted || checked?.ok === false) break;
      const [first, ...beside] = group;
      if (!first) continue;
      const heldFiles = beside.map((p) => path.join(work, `${p.pass.name}.out`));
      const fds = heldFiles.map((f) => openSync(f, 'w'));
      try {
        await Promise.all([runOne(first, undefined), ...beside.map((p, i) => runOne(p, fds[i]))]);
      } finally {
        for (const fd of fds) closeSync(fd);
      }
      for (const [i, p] of beside.entries()) {
        log(`pass "${p.pass.name}" (ran beside "${first.pass.name}"):`);
        process.stdout.write(readFileSync(heldFiles[i]!));
      }
    }
    for (const { name, code } of outcomes) {
      const counts = readTally(tally).find((t) => t.pass === name)?.counts;
      const line = counts ? SUMMARY_KEYS.map((k) => `${k} ${counts[k]}`).join(', ') : 'no summary (the run broke off)';
      log(`pass "${name}" ${code === 0 ? 'passed' : `FAILED (exit ${code})`}: ${line}`);
    }
    summarise(tally, times, failures);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // After the summary too: a pass that never ran is not in it.
  if (plan.length > 1) for (const line of notRun) log(line);
  for (const line of lateLines) log(line);
  const stoppedCleanly = await stopSandbox();
  return failed || interrupted || !stoppedCleanly ? 1 : 0;
}

try {
  process.exit(await main());
} catch (e) {
  log((e as Error).stack ?? String(e));
  await stopSandbox();
  process.exit(1);
}
