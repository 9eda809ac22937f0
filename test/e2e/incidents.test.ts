/**
 * Incidents in a real pty against the sandbox engine (dockerd and Podman): berth running while
 * containers get OOM-killed, crash-loop and are killed; each becomes an incident (the status bar
 * counts them, the Incidents pane lists them, the card tells the post-mortem) and acknowledging
 * one lowers the count; the pulse line against the CLI's own figures. An unhealthy container is
 * incidents-health.test.ts, Docker only: Podman's health checks need systemd timers the sandbox
 * does not have.
 *
 * What Podman reports differently, held here: its exit code rides on every event as
 * containerExitCode, its kill names no signal, and an OOM kill has no `oom` event and
 * State.OOMKilled false, so berth shows it as what it is there, an exit 137 (SIGKILL).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { colourOf, rowOf } from '../support/screen-rows.ts';

const env = sandboxEnv();
const tag = `inc${process.pid}`;
const sessions: PtySession[] = [];
const WAIT_MS = 30_000;
const podman = env.engine === 'podman';
const names = { oom: `${tag}-oom`, loop: `${tag}-loop`, kill: `${tag}-kill`, fine: `${tag}-fine`, hush: `${tag}-hush`, heavy: `${tag}-heavy` };
// berth's settings: desktop notifications (OSC 9) on, and one container muted.
const config = mkdtempSync(join(tmpdir(), 'berth-incidents-'));
mkdirSync(join(config, 'berth'));
writeFileSync(join(config, 'berth', 'config.json'), JSON.stringify({ alert: 'osc9', mute: [names.hush] }));

after(async () => {
  for (const s of sessions) await s.stop();
  rmSync(config, { recursive: true, force: true });
  await sandboxDocker(['rm', '-f', ...Object.values(names)]).catch(() => undefined);
});


/** The status bar's count of unacknowledged incidents (0 when it shows none). */
const count = (screen: string) => Number(/⚠ (\d+)/.exec(screen.split('\n')[0] ?? '')?.[1] ?? 0);

test('an OOM kill, a restart loop and a docker kill become incidents; acknowledging one lowers the count', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, XDG_CONFIG_HOME: config }, cols: 200, rows: 40 });
  sessions.push(b);
  await b.waitFor('● live', WAIT_MS);
  const run = (...args: string[]) => sandboxDocker(['run', '-d', '--network', 'none', ...args]);
  // A shell doubling a string until the 6 MiB limit's OOM killer ends it. It sleeps first for
  // the engine's sake: dockerd hears of an OOM kill only once containerd watches the cgroup, just
  // after the start, and a kill before that is never reported (incidents-oom.test.ts).
  await run('--name', names.oom, '--memory', '6m', env.images.busybox, 'sh', '-c', 'echo starting up; echo about to allocate; sleep 1; x=a; while true; do x=$x$x; done');
  await run('--name', names.loop, '--restart', 'always', env.images.busybox, 'sh', '-c', 'echo boom; exit 1');
  await run('--name', names.kill, env.images.busybox, 'sleep', '3600');
  await run('--name', names.fine, env.images.busybox, 'sleep', '3600');
  await run('--name', names.hush, env.images.busybox, 'sh', '-c', 'exit 2');
  await sandboxDocker(['kill', names.kill]);

  // A notice names an incident on whatever screen is shown, and the status bar counts them.
  await b.waitFor((s) => s.includes(`⚠ ${tag}-`), WAIT_MS);
  await b.type('9', '/', ...tag, '\r');
  // Podman's OOM kill is an exit 137 and no more (no oom event, OOMKilled false).
  const oomRow = podman ? /exited 137 \(SIGKILL\)/ : /OOM-killed, exit 137 \(SIGKILL\)/;
  const listed = await b.waitFor(
    (s) =>
      oomRow.test(rowOf(s, names.oom)) &&
      /restart loop: \d+ restarts, exit 1/.test(rowOf(s, names.loop)) &&
      /exited 137 \(SIGKILL\)/.test(rowOf(s, names.kill)) &&
      /^- .*exited 2 \(muted\)/.test(rowOf(s, names.hush).trim()),
    WAIT_MS,
  );
  assert.match(listed, /9 Incidents/);
  assert.match(listed, /4 incidents, 3 not acknowledged/, 'the muted one is listed, not counted');
  assert.ok(count(listed) >= 3, `the status bar counts them: ${listed.split('\n')[0]}`);
  // The opt-in desktop notification named the newest (deaths in one 250 ms publish name only the
  // last of them, so which one depends on the engine's pace); never the muted one.
  assert.match(b.raw, new RegExp(`\u001b\\]9;⚠ (${names.oom}: ${podman ? 'exited 137' : 'OOM-killed'}|${names.loop}: |${names.kill}: exited 137)`));
  assert.doesNotMatch(b.raw, new RegExp(`\u001b\\]9;⚠ ${names.hush}`));

  // The OOM kill's post-mortem: OOMKilled, and the run's own last lines.
  await b.type('/', '\u0015', ...names.oom, '\r');
  await b.waitFor((s) => rowOf(s, names.oom) !== '' && rowOf(s, names.kill) === '', WAIT_MS);
  await b.type(key.enter);
  const card = await b.waitFor((s) => (podman ? /OOMKilled\s+no/ : /OOMKilled\s+yes/).test(s) && s.includes('about to allocate'), WAIT_MS);
  assert.match(card, /exit code\s+137 \(SIGKILL\)/);
  assert.match(card, /starting up/);
  assert.match(card, new RegExp(`compose|container\\s+${names.oom}`));
  const before = count(card);
  await b.type('a');
  await b.waitFor((s) => /state\s+acknowledged/.test(s) && count(s) === before - 1, WAIT_MS);
  await b.type(key.escape);
  await b.waitFor((s) => rowOf(s, names.oom) !== '' && !rowOf(s, names.oom).includes('⚠'), WAIT_MS);

  // Health at a glance: T shows only the containers that need a look: the OOM-killed one with its
  // marker and colour (red) though its incident is acknowledged, and those with one open. Sorted
  // by name, g selects the first row (…-kill once T hides …-fine), so …-oom shows its own colour.
  // On Podman nothing says it was OOM-killed: acknowledged, it is an exited container like any.
  // (By CREATED the order is not fixed: the list's Created is in whole seconds.)
  await b.type('1', '/', ...tag, '\r', 'o', 'g');
  await b.waitFor((s) => rowOf(s, names.fine) !== '', WAIT_MS);
  assert.doesNotMatch(rowOf(b.screen(), names.fine), /[⚠↻✕]/);
  await b.type('T', 'g');
  const trouble = await b.waitFor(
    (s) =>
      rowOf(s, names.fine) === '' &&
      rowOf(s, names.kill) !== '' &&
      (podman ? rowOf(s, names.oom) === '' : rowOf(s, names.oom).includes(`✕ ${names.oom}`) && colourOf(b, `✕ ${names.oom}`) === 1),
    WAIT_MS,
  );
  assert.match(trouble, /needing a look: \d+/);
  for (const name of [names.loop, names.kill]) assert.notEqual(rowOf(trouble, name), '', `${name} needs a look`);
  await b.type('T');
  await b.waitFor((s) => rowOf(s, names.fine) !== '', WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

/** Bytes from a size as the docker CLI prints it: "1.984MB" (SI), "10.5MiB" (binary). */
function bytesOf(text: string): number {
  const match = /^([\d.]+)\s*([kKMGTP]?i?B)$/.exec(text.trim());
  if (!match) throw new Error(`not a size: ${text}`);
  const [, number = '0', unit = 'B'] = match;
  const powers: Record<string, number> = { B: 0, kB: 1, KB: 1, KiB: 1, MB: 2, MiB: 2, GB: 3, GiB: 3, TB: 4, TiB: 4, PB: 5, PiB: 5 };
  return Number(number) * (unit.includes('i') ? 1024 : 1000) ** (powers[unit] ?? 0);
}

test('H: the pulse line counts containers by state as docker ps does, sums memory as docker stats does, and the disk as docker system df does', async () => {
  // The first test's restart loop would move the counts under our feet. Podman can refuse to
  // remove it while it restarts ("container state improper: stopped"): again until it is gone.
  for (let attempt = 1; ; attempt++) {
    const refused = await sandboxDocker(['rm', '-f', names.loop]).then(() => undefined, (error: Error) => error);
    if (!refused) break;
    if (attempt >= 20 || !/state improper|could not be stopped/.test(refused.message)) throw refused;
  }
  // Two containers holding 20 MiB each (in /dev/shm, which counts), so memory is well above noise.
  for (const n of [1, 2]) await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${names.heavy}${n}`, env.images.busybox, 'sh', '-c', 'dd if=/dev/zero of=/dev/shm/fill bs=1M count=20 2>/dev/null; sleep 3600']);
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 220, rows: 30 });
  sessions.push(b);
  await b.waitFor('● live', WAIT_MS);
  await b.type('H');
  const pulse = () => b.screen().split('\n')[1] ?? '';
  // Every running container measured (no "n/m measured"), from its cgroup files (no "by stats
  // stream": the sandbox engine is on this host, its cgroup tree readable), the disk read.
  await b.waitFor(() => /CPU [\d.]+% of \d+%  ·/.test(pulse()) && /disk \S+, \S+ reclaimable/.test(pulse()), WAIT_MS);
  const states = (await sandboxDocker(['ps', '-a', '--format', '{{.State}}'])).split('\n').filter(Boolean);
  const line = pulse();
  for (const state of new Set(states)) assert.match(line, new RegExp(`\\b${states.filter((s) => s === state).length} ${state}\\b`), `${state} as docker ps counts it: ${line}`);
  const memory = (await sandboxDocker(['stats', '--no-stream', '--format', '{{.MemUsage}}'])).split('\n').filter(Boolean).reduce((sum, usage) => sum + bytesOf(usage.split('/')[0] ?? '0B'), 0);
  const shown = bytesOf(/mem (\S+) of/.exec(line)?.[1] ?? '');
  assert.ok(Math.abs(shown - memory) <= memory * 0.1, `memory ${shown} within 10 % of docker stats' ${memory}: ${line}`);
  const df = (await sandboxDocker(['system', 'df', '--format', '{{.Size}}|{{.Reclaimable}}'])).split('\n').filter(Boolean);
  const size = df.reduce((sum, row) => sum + bytesOf(row.split('|')[0] ?? '0B'), 0);
  const reclaimable = df.reduce((sum, row) => sum + bytesOf((row.split('|')[1] ?? '0B').split(' ')[0] ?? '0B'), 0);
  const [, diskShown = '', reclaimShown = ''] = /disk (\S+), (\S+) reclaimable/.exec(line) ?? [];
  // docker system df rounds each kind to four digits; berth rounds their sum.
  assert.ok(Math.abs(bytesOf(diskShown) - size) <= size * 0.005 + 1, `disk ${diskShown} as docker system df's ${size}`);
  assert.ok(Math.abs(bytesOf(reclaimShown) - reclaimable) <= reclaimable * 0.005 + 1, `reclaimable ${reclaimShown} as docker system df's ${reclaimable}`);
  await b.type('H');
  await b.waitFor(() => !pulse().includes('reclaimable'), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
  await sandboxDocker(['rm', '-f', `${names.heavy}1`, `${names.heavy}2`]);
});
