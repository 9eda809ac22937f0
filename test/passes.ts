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
  /** 'system': the Node running test/run.ts. Otherwise an exact version, installed from the npm registry when missing. */
  node: 'system' | string;
  /** The sandbox engine its engine tests talk to (BERTH_SANDBOX_* variables). */
  engine: TestEngine;
  /** Which of the selected files (absolute paths) this pass runs; `named`: files were named on the command line. */
  runs: (file: string, named: boolean) => boolean;
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

/** The single executable embeds its own Node (24): one pass runs it. */
function isSingleExecutable(file: string): boolean {
  return path.basename(file) === 'single-executable.test.ts';
}

/** What a user gets from npm (test/e2e/install.test.ts). */
function isInstall(file: string): boolean {
  return path.basename(file) === 'install.test.ts';
}

/** The engine files test/engine-passes.ts lists for Podman, or every engine file named. */
function onPodman(file: string, named: boolean): boolean {
  const relative = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');
  return (isEndToEnd(file) || isIntegration(file)) && podmanFiles([file], named, relative).length > 0;
}

export const PASSES: readonly Pass[] = [
  { name: 'node', node: 'system', engine: 'docker', runs: () => true },
  { name: 'podman', node: 'system', engine: 'podman', runs: onPodman },
  // Node 22: the package installs and berth runs, compile cache included; a short pass, the full second one is on 24.
  { name: 'node22', node: NODE_VERSIONS[22], engine: 'docker', runs: isInstall },
  // What users on current Node run: the unit tests and berth's bundle end to end. The
  // integration tests exercise undici (a dependency, not Node's) and the sandbox.
  { name: 'node24', node: NODE_VERSIONS[24], engine: 'docker', runs: (f) => !isIntegration(f) && !isSingleExecutable(f) },
];
