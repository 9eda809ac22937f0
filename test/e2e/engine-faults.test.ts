/**
 * Engine faults against the real sandbox engine: dockerd is SIGKILLed while berth is idle,
 * following logs, pulling and showing a foreground run, then started again. berth must show
 * the unreachable banner, keep the last data marked stale, stay alive, and be live again
 * after the engine returns — without a key press. A few kill/restart cycles in one berth process
 * must leave its open descriptors where they were (`npm run soak -- --restarts` runs thirty and
 * reads its memory and live heap too).
 *
 * These tests take the shared engine away from under everything else, so they live in their
 * own file (node --test runs files one at a time), give their containers a short stop timeout
 * (a restarted engine without live-restore stops running containers before it answers), and
 * always leave the engine running and answering /_ping.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import { ensureEngineUp, killEngine, startEngineAgain } from '../sandbox/engine-control.ts';
import { openFds } from '../support/process-stats.ts';
import { berthBin, key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { startThrottleProxy, type ThrottleProxy } from '../sandbox/throttle-proxy.ts';

const env = sandboxEnv();
const tag = `fault${process.pid}`;
const sessions: PtySession[] = [];
const created: string[] = [];
const tempDirs: string[] = [];
/** Images pulled here, removed again at the end. */
const pulled: string[] = [];
let proxy: ThrottleProxy | undefined;

/** The issue asks for 2 s and 5 s; these only bound a hung test on a loaded machine. */
const BANNER_MS = 10_000;
const LIVE_MS = 30_000;
const BANNER = 'cannot reach';

function berth(extra: { env?: Record<string, string | undefined>; command?: string; args?: string[] } = {}): PtySession {
  const session = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, ...extra.env }, command: extra.command, args: extra.args });
  sessions.push(session);
  return session;
}

async function run(name: string, ...args: string[]): Promise<string> {
  // A short stop timeout: a restarted engine stops running containers before it answers.
  const id = (await sandboxDocker(['run', '-d', '--network', 'none', '--stop-timeout', '1', '--name', name, ...args])).trim();
  created.push(name);
  return id;
}

/** Live: no banner, nothing stale, and the event stream up. */
function live(screen: string): boolean {
  return !screen.includes(BANNER) && !screen.includes('[stale]') && screen.includes('● live');
}

function assertAlive(b: PtySession): void {
  assert.doesNotThrow(() => process.kill(b.pty.pid, 0), 'berth is still running');
}

/** How long berth took, kill → banner and engine answering → live, for the report. */
const timings = { banner: [] as number[], live: [] as number[] };

/** Kills the engine and waits for the banner; returns the screen then. */
async function killAndSeeBanner(b: PtySession): Promise<string> {
  await killEngine(env.dir);
  const t0 = Date.now();
  const screen = await b.waitFor(BANNER, BANNER_MS);
  timings.banner.push(Date.now() - t0);
  assertAlive(b);
  return screen;
}

/** Starts the engine again and waits (no key pressed) until berth is live. */
async function restartAndSeeLive(b: PtySession): Promise<string> {
  await startEngineAgain(env.dir);
  const t0 = Date.now();
  const screen = await b.waitFor(live, LIVE_MS);
  timings.live.push(Date.now() - t0);
  assertAlive(b);
  return screen;
}

before(async () => {
  await ensureEngineUp(env.dir);
  // restart=always: a restarted engine (no live-restore) stops what ran, then starts these again.
  await run(`${tag}-idle`, '--restart', 'always', env.images.busybox, 'sleep', '3600');
});

// A failed test must not leave the engine down for the next one.
afterEach(async () => {
  await ensureEngineUp(env.dir);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await proxy?.close();
  // Whatever happened above, the other test files need the engine back.
  await ensureEngineUp(env.dir);
  if (created.length) await sandboxDocker(['rm', '-f', ...created]).catch(() => undefined);
  // Other files expect the registry's images to be in the registry only.
  if (pulled.length) await sandboxDocker(['rmi', '-f', ...pulled]).catch(() => undefined);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

test('idle: banner and stale data while the engine is gone, live again by itself', async () => {
  const b = berth();
  await b.waitFor(`${tag}-idle`);
  await b.waitFor(live);

  const down = await killAndSeeBanner(b);
  assert.match(down, new RegExp(`cannot reach ${env.dockerHost.replace(/[/.]/g, '\\$&').slice(0, 40)}`));
  const stale = await b.waitFor('[stale]', BANNER_MS);
  assert.match(stale, new RegExp(`${tag}-idle`), 'the last known rows stay on screen');
  assert.match(stale, /✕ unreachable/);

  await restartAndSeeLive(b);
  // Live means live: a container started now appears without a key press.
  await run(`${tag}-after`, env.images.busybox, 'sleep', '3600');
  await b.waitFor(`${tag}-after`, LIVE_MS);
});

test('following logs: the view survives the outage and follows the new run', async () => {
  const name = `${tag}-tick`;
  await run(name, '--restart', 'always', env.images.busybox, 'sh', '-c', 'i=0; while :; do i=$((i+1)); echo tick-$i; sleep 0.3; done');
  const b = berth();
  await b.waitFor(name);
  await b.type('/', ...name, key.enter);
  await b.waitFor(`filter "${name}"`);
  await b.type(key.enter);
  await b.waitFor(/tick-\d+/);
  await b.waitFor(/logs .*· following/);

  const down = await killAndSeeBanner(b);
  assert.match(down, /tick-\d+/, 'the lines already shown stay');
  const before = Math.max(...[...down.matchAll(/tick-(\d+)/g)].map((m) => Number(m[1])));

  await restartAndSeeLive(b);
  // restart=always brings the container back; the view re-attaches to it unasked.
  await b.waitFor((s) => /logs .*· following/.test(s) && [...s.matchAll(/tick-(\d+)/g)].some((m) => Number(m[1]) === 1 || Number(m[1]) > before + 5), LIVE_MS);
  await b.type(key.escape);
  await b.waitFor('CONTAINER ID');
});

test('pulling: the pull fails with a reason, berth recovers, and the next pull works', async () => {
  // Nothing of the image may be local, or the pull would finish before the kill.
  await sandboxDocker(['rmi', '-f', env.images.multiLayer]).catch(() => undefined);
  proxy = await startThrottleProxy(env.registry.address, 1024 * 1024);
  const slowRef = `${proxy.address}/berth/layers:latest`;
  pulled.push(slowRef, env.images.multiLayer);
  const b = berth();
  await b.waitFor(live);
  await b.type('p');
  await b.waitFor('Pull an image');
  await b.type(...slowRef, key.tab, ...env.registry.username, key.tab, ...env.registry.password, key.enter);
  await b.waitFor(/Downloading/, 30_000);

  await killAndSeeBanner(b);
  const failed = await b.waitFor(/✗ .*(lost the connection|connection refused|no engine socket)/, BANNER_MS);
  assert.match(failed, /failed/);

  await restartAndSeeLive(b);
  await b.type('p');
  await b.waitFor('Pull an image');
  await b.type(...env.images.multiLayer, key.enter);
  await b.waitFor(/berth\/layers:latest\s+pulled/, 60_000);
});

test('a foreground run: the output stays, the loss is said plainly, berth recovers', async () => {
  const name = `${tag}-fg`;
  created.push(name);
  const b = berth();
  await b.waitFor(live);
  await b.type('r');
  await b.waitFor('Run a container');
  // The trap lets the restarted engine stop it at once instead of waiting out the 10 s timeout.
  const command = `sh -c 'trap "exit 0" TERM; i=0; while :; do i=$((i+1)); echo fg-$i; sleep 0.3; done'`;
  await b.type(...env.images.busybox, key.tab, ...command, key.tab, ...name, key.enter);
  await b.waitFor(/fg-3/, 30_000);

  const down = await killAndSeeBanner(b);
  assert.match(down, /fg-\d+/, 'the output already shown stays');
  const lost = await b.waitFor(/lost track of .*(lost the connection|connection refused|no engine socket)/s, BANNER_MS);
  assert.match(lost, /fg-\d+/, 'the output stays after the run is lost');
  assert.doesNotMatch(lost, /did not start/, 'it did start: the message must not say otherwise');

  await restartAndSeeLive(b);
  await b.type(key.escape);
  await b.waitFor('CONTAINER ID');
});

test('kill/restart cycles in one berth: descriptors return to where they were', async (t) => {
  // The long run (30 outages, RSS and two heap snapshots) is `npm run soak -- --restarts`.
  const b = berth();
  const pid = b.pty.pid;
  const cycles = async (count: number) => {
    for (let cycle = 0; cycle < count; cycle++) {
      await killAndSeeBanner(b);
      await restartAndSeeLive(b);
    }
    await b.waitFor((s) => live(s) && s.includes(`${tag}-idle`), LIVE_MS);
  };
  await b.waitFor(`${tag}-idle`);
  await b.waitFor(live);
  // A first outage puts lazily opened descriptors (the banner's probe, undici's reconnects) into the baseline.
  await cycles(1);
  const before = openFds(pid);
  await cycles(4);
  const after = openFds(pid);
  t.diagnostic(`open descriptors ${before} → ${after} over 4 outages`);
  assert.ok(after <= before + 2, `open descriptors: ${before} before 4 outages, ${after} after`);
  assertAlive(b);
  // The figures (2 s to the banner, 5 s back to live), reported rather than asserted.
  const worst = (list: number[]) => Math.max(...list);
  t.diagnostic(`kill → banner: worst ${worst(timings.banner)} ms; engine up → live: worst ${worst(timings.live)} ms (${timings.live.length} outages)`);
});

test('engine stopped before berth starts: berth opens, says why, and connects when it appears', async () => {
  await killEngine(env.dir);
  const b = berth();
  try {
    const screen = await b.waitFor(BANNER, BANNER_MS);
    assert.match(screen, /connection refused|no engine socket/, 'the reason');
    assert.match(screen, /is the engine running\?/, 'what to do');
    assert.match(screen, /loading|no running containers|CONTAINER ID/, 'the app itself is up');
  } finally {
    await startEngineAgain(env.dir);
  }
  await b.waitFor((s) => live(s) && s.includes(`${tag}-idle`), LIVE_MS);
});

test('a socket path that does not exist yet: "no engine socket", then connects once it appears', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-late-'));
  tempDirs.push(dir);
  const socket = path.join(dir, 'engine.sock');
  const b = berth({ env: { DOCKER_HOST: `unix://${socket}` } });
  const screen = await b.waitFor(BANNER, BANNER_MS);
  assert.match(screen, /no engine socket/);
  symlinkSync(env.socketPath, socket);
  await b.waitFor((s) => live(s) && s.includes(`${tag}-idle`), LIVE_MS);
});

test('permission denied on a root-only socket: the banner names the socket and the fix', async () => {
  // As nobody (65534). The sandbox dir is root-only (0700): an unprivileged user reaching the engine socket through
  // it gets EACCES, exactly as with a socket whose group the user is not in.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-perm-'));
  tempDirs.push(dir);
  chmodSync(dir, 0o755);
  const socket = path.join(dir, 'docker.sock');
  symlinkSync(env.socketPath, socket);
  const b = berth({
    command: 'setpriv',
    args: ['--reuid=65534', '--regid=65534', '--clear-groups', '--', process.execPath, berthBin],
    env: { DOCKER_HOST: `unix://${socket}`, HOME: dir, DOCKER_CONFIG: dir },
  });
  const screen = await b.waitFor(/permission denied/, BANNER_MS);
  assert.match(screen, new RegExp(`cannot reach unix://${socket.replace(/[/.]/g, '\\$&')}`), 'names the socket');
  assert.match(screen, /add your user to the socket's group/, 'and the fix');
  assertAlive(b);
});
