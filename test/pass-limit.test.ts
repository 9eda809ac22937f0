/**
 * The runner's last bound on a pass (test/pass-limit.ts): it finds what a stuck `node --test`
 * runs below it, names the test files, and kills all of it but a sandbox's daemons.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive, argvOf, signal } from './sandbox/cleanup.ts';
import { descendants, filesRunningUnder, killTree } from './pass-limit.ts';

/** Waits until `ready` holds, polling /proc. */
async function until(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ready()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

test('a stuck pass: its test files are named, and everything below it dies but a sandbox daemon and what runs under it', async (t) => {
  // A stand-in for `node --test`: a file's process (its argv names the file) with a helper of its
  // own, and a daemon whose argv names a sandbox dir, with a child of its own. (`; true`: a shell
  // must not exec its one command, or its argv would be sleep's.)
  const file = '/nonexistent/e2e/stuck.test.ts';
  const sandboxPath = '/tmp/berth-sandbox-passlimit/x';
  const script = `sh -c 'sleep 300; true' ${file} & sh -c 'sleep 300; true' ${sandboxPath} & wait`;
  const root = spawn('sh', ['-c', script], { stdio: 'ignore' });
  const rootPid = root.pid ?? assert.fail('no pid');
  const gone = new Promise<void>((resolve) => root.once('exit', () => resolve()));
  await until(() => descendants(rootPid).length >= 4, 'the four processes below the root');
  const all = descendants(rootPid);
  t.after(() => all.forEach((pid) => signal(pid, 'SIGKILL')));
  assert.deepEqual(filesRunningUnder(rootPid), [file]);

  const daemon = all.find((pid) => argvOf(pid).includes(sandboxPath)) ?? assert.fail('the daemon stand-in is below the root');
  const [daemonChild] = descendants(daemon);
  assert.ok(daemonChild, 'the daemon has its child');
  assert.deepEqual(descendants(rootPid, (pid) => pid === daemon).sort(), all.filter((pid) => pid !== daemon && pid !== daemonChild).sort(), 'a pruned process goes with all below it');

  killTree(rootPid);
  await gone;
  await until(() => all.every((pid) => pid === daemon || pid === daemonChild || !alive(pid)), 'the file process and its helper to die');
  assert.ok(alive(daemon), 'the sandbox daemon lives on');
  assert.ok(alive(daemonChild), 'what runs under it lives on');
});
