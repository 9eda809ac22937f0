/**
 * The passes of `npm test`: which Node runs which test files against which sandbox engine.
 * test/run.ts runs them in this order, one `node --test` each, with one sandbox for the run, and
 * prints one summary covering all of them at the end (test/summary-reporter.ts). A failure in
 * any pass fails the run.
 *
 * `npm test` runs every pass. Naming files, or `--unit`, runs the first pass of the engine(s)
 * `--engine=` names (docker by default) unless `--pass=NAME` (repeatable) or `--all-passes`
 * says otherwise.
 */
import path from 'node:path';
import { podmanFiles, type TestEngine } from './engine-passes.ts';
import { NODE_VERSIONS } from './support/node-binaries.ts';

export interface Pass {
  /** Shown in the log; what `--pass=NAME` selects. */
  name: string;
  /** An exact Node version, installed from the npm registry when missing (test/support/node-binaries.ts). */
  node: string;
  /** The sandbox engine its engine tests talk to (BERTH_SANDBOX_* variables). */
  engine: TestEngine;
  /** Which of the selected files (absolute paths) this pass runs; `named`: files were named on the command line. */
  runs: (file: string, named: boolean) => boolean;
  /**
   * Files run at once when none of them needs an engine (default 1): unit files are processes of
   * their own that share nothing, and a 2-core machine runs two of them in the time of ~1.2.
   */
  concurrency?: number;
  /**
   * The pass this one runs beside, at the same time, on its own engine (its output is held and
   * printed after that pass's): the Podman e2e files wait on Podman while Node 24's wait on dockerd.
   */
  alongside?: string;
  /**
   * Its engine is a second sandbox of its own (dockerd, registry, sshd, images; test/run.ts), not
   * the one the other Docker passes share: for e2e files run beside Node 24's, so that neither
   * lane's containers, counts or faults (a killed or frozen dockerd) reach the other.
   */
  ownSandbox?: boolean;
}

const TEST_DIR = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.dirname(TEST_DIR);

/** test/e2e/**: berth's bundle (or its installed package) in a real pty. */
export function isEndToEnd(file: string): boolean {
  return path.relative(TEST_DIR, file).split(path.sep)[0] === 'e2e';
}

/** *.int.test.ts: the engine client and sandbox against the engine, in-process. */
export function isIntegration(file: string): boolean {
  return /\.int\.test\.tsx?$/.test(file);
}

/** Whether a file needs the sandbox engine (an e2e or an integration file). */
export function needsAnEngine(file: string): boolean {
  return isEndToEnd(file) || isIntegration(file);
}

/** The engine files test/engine-passes.ts lists for Podman, or every engine file named. */
function onPodman(file: string, named: boolean): boolean {
  return (isEndToEnd(file) || isIntegration(file)) && podmanFiles([file], named, repoPath).length > 0;
}

/**
 * The e2e files that run on Node 22 too (every e2e file runs on Node 24 but E2E_NODE22_ONLY's): what a Node 22 user
 * installs and first sees, how keys arrive (stdin) and Ctrl-Z (signals). The rest of berth's code
 * runs there through the unit and integration tests; an e2e file costs 2–40 s a run, so each runs
 * once unless its Node matters. (The live TUI and the terminal's modes ran here too until
 * 2026-11-26: they draw through the same Ink on either Node, and their 28 s went to the Podman
 * log history.)
 */
export const E2E_ON_NODE22: readonly string[] = [
  'test/e2e/install.test.ts',
  'test/e2e/first-run.test.ts',
  'test/e2e/key-bursts.test.ts',
  'test/e2e/suspend.test.ts',
];

/**
 * The unit tests that run on Node 24 too (every unit test runs on Node 22, the oldest berth
 * supports): the ones whose answer depends on the Node that runs them — V8 flags and the code
 * cache (tuning), the patched libraries as loaded, start-up checks and the terminal glue (main),
 * and text measuring, which follows the ICU built into Node (input, format). The rest is pure
 * code whose result no Node version changes; the Node 24 e2e files run all of it again inside
 * berth's bundle. Running every unit file twice cost ~125 s of `npm test`.
 */
/**
 * The e2e files that run on Node 22 instead of Node 24, in the lane beside the unit files: that
 * lane waits on the engine while the unit files use the CPU, and had ~70 s to spare, while the two
 * Node 24 lanes set the run's length (a fresh-clone run at 880 s against the 900 s budget). They
 * test what the engine and the screen do, which no Node version changes.
 */
export const E2E_NODE22_ONLY: readonly string[] = ['test/e2e/logs-history.test.ts', 'test/e2e/fleet-ages.test.ts'];

export const UNIT_ON_NODE24: readonly string[] = [
  'test/tuning/',
  'test/tools/patches.test.ts',
  'test/main/',
  'test/app/input/',
  'test/app/format/',
];

/**
 * The e2e files that run in the second lane, beside the Node 24 pass's, on a sandbox of their own
 * (`node24-b`): chosen to even out the two lanes' time (the slowest files of a run are printed
 * last; `BERTH_TEST_TIMES=FILE` keeps them all). Every e2e file must hold in either lane: each
 * lane is a whole sandbox, and the machine is busy with both (and Podman's) at once.
 */
export const E2E_SECOND_LANE: readonly string[] = [
  'test/e2e/engine-faults.test.ts',
  'test/e2e/engine-hang.test.ts',
  'test/e2e/marks.test.ts',
  'test/e2e/recreate.test.ts',
  'test/e2e/full-disk.test.ts',
  'test/e2e/incidents.test.ts',
  'test/e2e/dialogs.test.ts',
  'test/e2e/monitoring.test.ts',
  'test/e2e/swarm.test.ts',
  'test/e2e/container-actions.test.ts',
  'test/e2e/compose.test.ts',
  'test/e2e/exec.test.ts',
  'test/e2e/prune.test.ts',
  'test/e2e/incidents-oom.test.ts',
  'test/e2e/image-actions.test.ts',
  'test/e2e/volumes-networks.test.ts',
  'test/e2e/incidents-health.test.ts',
  'test/e2e/layer-explorer.test.ts',
  'test/e2e/disk-usage.test.ts',
  'test/e2e/backups.test.ts',
  'test/e2e/build.test.ts',
];

const repoPath = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const unitOnNode24 = (file: string) => UNIT_ON_NODE24.some((p) => (p.endsWith('/') ? repoPath(file).startsWith(p) : repoPath(file) === p));

export const PASSES: readonly Pass[] = [
  // The oldest Node berth supports: the unit files, two at a time; then the integration files
  // (undici and the sandbox, in-process) and the e2e files above, one at a time. Named files all
  // run in the first pass (one at a time when any needs the engine).
  { name: 'node22', node: NODE_VERSIONS[22], engine: 'docker', concurrency: 2, runs: (f, named) => named || !needsAnEngine(f) },
  // Beside the unit files: these mostly wait on the engine, the unit files on the CPU.
  { name: 'node22-engine', node: NODE_VERSIONS[22], engine: 'docker', alongside: 'node22', runs: (f, named) => !named && (isIntegration(f) || E2E_ON_NODE22.includes(repoPath(f)) || E2E_NODE22_ONLY.includes(repoPath(f))) },
  // What users on current Node run: berth's bundle end to end (the single executable carries
  // its own Node 24), and the unit tests above whose answer depends on the Node.
  { name: 'node24', node: NODE_VERSIONS[24], engine: 'docker', runs: (f, named) => (isEndToEnd(f) && (named || (!E2E_SECOND_LANE.includes(repoPath(f)) && !E2E_NODE22_ONLY.includes(repoPath(f))))) || (!isIntegration(f) && (named || unitOnNode24(f))) },
  // The other half of the e2e files, beside Node 24's first half, on a second sandbox.
  { name: 'node24-b', node: NODE_VERSIONS[24], engine: 'docker', alongside: 'node24', ownSandbox: true, runs: (f) => E2E_SECOND_LANE.includes(repoPath(f)) },
  { name: 'podman', node: NODE_VERSIONS[24], engine: 'podman', alongside: 'node24', runs: onPodman },
];
