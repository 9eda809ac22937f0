/**
 * The last bound on a pass of `npm test`: a `node --test` that is still running long after any
 * pass should have ended is stopped, with the files it was still running named, so that a run
 * always ends and says where it stuck instead of holding CI until its own limit.
 *
 * Tests are bounded one by one (`--test-timeout`), but a file's process outlives its tests while
 * something it started still waits (a request to an engine that stopped answering), and such an
 * engine turns every later test of the pass into a wait of minutes: on 2026-12-05 a dockerd whose
 * container stop never returned held a fresh-clone CI run for its whole 90 minutes.
 */
import { readdirSync } from 'node:fs';
import { argvOf, SANDBOX_PREFIX, signal, statFields } from './sandbox/cleanup.ts';

/**
 * Far past any pass's length (the longest takes ~5 min, the whole run ~9 min), well inside CI's
 * 90. BERTH_TEST_PASS_LIMIT_MS sets another, to see the limit work without waiting for it.
 */
export const PASS_LIMIT_MS = Number(process.env.BERTH_TEST_PASS_LIMIT_MS) || 20 * 60_000;

/** Every process below `root` (children, their children, …), found through /proc, but none at or below one `prune` picks. */
export function descendants(root: number, prune: (pid: number) => boolean = () => false): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const parent = Number(statFields(pid)?.[1]); // field 4, ppid
    if (!parent) continue;
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      if (prune(child)) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** The test files that processes below `root` run (each file of a pass is a process of its own). */
export function filesRunningUnder(root: number): string[] {
  const files = descendants(root).flatMap((pid) => argvOf(pid).filter((a) => /\.test\.tsx?$/.test(a)));
  return [...new Set(files)];
}

/**
 * SIGKILLs `root` and everything below it but a sandbox's daemons and what runs under them: a
 * test that restarted dockerd is its parent, and the passes after this one use that engine and
 * its containers (the sandbox's teardown stops them).
 */
export function killTree(root: number): void {
  const sandboxDaemon = (pid: number) => argvOf(pid).some((a) => a.includes(`/${SANDBOX_PREFIX}`));
  for (const pid of [...descendants(root, sandboxDaemon), root]) signal(pid, 'SIGKILL');
}
