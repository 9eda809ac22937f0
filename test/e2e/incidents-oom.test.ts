/**
 * An OOM kill's post-mortem (issue 48), in a real pty against the sandbox dockerd (its cgroup v1
 * memory controller enforces `--memory`): a shell that runs `tail /dev/zero` under an 8 MiB limit
 * and says `Killed` when the kernel ends it, each run numbering itself. Its first run is
 * OOM-killed before berth starts: berth marks it ✕ from inspect alone. Its second, while berth
 * watches: the card holds that run's lines only (not the first run's, whose death berth never
 * saw), the `Killed` written after the oom event, and the memory limit.
 *
 * Docker only: Podman reports an OOM kill as a bare exit 137 (incidents.test.ts holds that).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const name = `oom${process.pid}`;
const sessions: PtySession[] = [];
const WAIT_MS = 30_000;
const config = mkdtempSync(join(tmpdir(), 'berth-incidents-oom-'));

after(async () => {
  for (const s of sessions) await s.stop();
  rmSync(config, { recursive: true, force: true });
  await sandboxDocker(['rm', '-f', name]).catch(() => undefined);
});

/** The table row naming the container (not the tab line, which names the filter). */
const rowOf = (screen: string): string => screen.split('\n').find((line) => line.includes(name) && !line.includes('filter "')) ?? '';

/** Waits until the container's run `n` has ended. */
async function exitedAfterRun(n: number): Promise<void> {
  for (;;) {
    const [status = '', logs = ''] = await Promise.all([sandboxDocker(['inspect', '--format', '{{.State.Status}}', name]), sandboxDocker(['logs', name])]);
    if (status.trim() === 'exited' && logs.includes(`run-${n} starting`)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('an OOM kill before berth started is marked ✕; the next one’s card holds its own lines, Killed and the limit', async () => {
  // `exit $?` after tail keeps the shell from exec'ing it: the shell lives to say `Killed`. The
  // second's sleep is for the engine: dockerd hears of an OOM kill from containerd, which watches
  // the cgroup only from just after the start, so a kill within that moment is never reported (on
  // a loaded machine 4 runs of 70 died with no oom event, OOMKilled false where asked; with the
  // sleep, 0 of 60).
  const script = 'n=$(cat /n 2>/dev/null || echo 0); n=$((n+1)); echo $n > /n; echo "run-$n starting"; sleep 1; tail /dev/zero; exit $?';
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', name, '--memory', '8m', '--memory-swap', '8m', env.images.busybox, 'sh', '-c', script]);
  await exitedAfterRun(1);
  // The engine may say the run exited a moment before it has read the kernel's OOM event: ask
  // again for a while (a loaded run saw `false` right after the exit).
  let oomKilled = '';
  for (let i = 0; i < 50 && oomKilled !== 'true'; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    oomKilled = (await sandboxDocker(['inspect', '--format', '{{.State.OOMKilled}}', name])).trim();
  }
  assert.equal(oomKilled, 'true', 'the sandbox engine enforces the limit');

  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, XDG_CONFIG_HOME: config }, cols: 200, rows: 40 });
  sessions.push(b);
  await b.waitFor('● live', WAIT_MS);
  // All containers (the exited one too), filtered to it: ✕ from inspect, no event having said so.
  await b.type('a', '/', ...name, '\r');
  await b.waitFor((s) => rowOf(s).includes(`✕ ${name}`), WAIT_MS);

  await sandboxDocker(['start', name]);
  await exitedAfterRun(2);
  await b.type('9', '/', ...name, '\r');
  await b.waitFor((s) => /OOM-killed, exit 137 \(SIGKILL\)/.test(rowOf(s)), WAIT_MS);
  await b.type(key.enter);
  const card = await b.waitFor((s) => /OOMKilled\s+yes/.test(s) && /^ {2}Killed$/m.test(s), WAIT_MS);
  assert.match(card, /memory\s+limit 8MiB \(HostConfig\.Memory 8388608\)/);
  assert.match(card, /the last log lines before it died \(that run’s own\)\n {2}run-2 starting\n {2}Killed\n/);
  assert.doesNotMatch(card, /run-1/, 'the first run’s lines are not this run’s');
  await b.type(key.escape, 'q');
  assert.equal((await b.exited).exitCode, 0);
});
