/**
 * Faults that are not a clean death, against the real sandbox: dockerd frozen with SIGSTOP (it
 * still accepts connections, nothing answers) and the registry frozen mid-pull. berth must say
 * so — "not responding for N s" with the data marked stale, "no progress for N s — the registry
 * is not answering" on the pull — keep answering keys, not pile requests up on the frozen
 * socket, and be live again by itself once the process is thawed.
 *
 * These freeze processes the other test files share, so they live in their own file (node
 * --test runs files one at a time) and thaw everything in `after`, whatever happened; a test
 * process that dies thaws them on exit too (engine-control.ts).
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, afterEach, before, test } from 'node:test';
import { ensureEngineUp, freeze, freezeEngine, registryPid, thaw, thawAll } from '../sandbox/engine-control.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { startThrottleProxy, type ThrottleProxy } from '../sandbox/throttle-proxy.ts';

const env = sandboxEnv();
const tag = `hang${process.pid}`;
const sessions: PtySession[] = [];
const created: string[] = [];
const pulled: string[] = [];
let proxy: ThrottleProxy | undefined;

/** Bounds on a hung test only: detection takes 5 s of quiet and a 3 s probe, here on a loaded machine. */
const NOTICE_MS = 30_000;
const LIVE_MS = 30_000;

function berth(): PtySession {
  const session = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir } });
  sessions.push(session);
  return session;
}

function live(screen: string): boolean {
  return screen.includes('● live') && !screen.includes('[stale]') && !screen.includes('not responding');
}

function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

before(async () => {
  await ensureEngineUp(env.dir);
  await sandboxDocker(['create', '--name', `${tag}-idle`, env.images.busybox, 'sleep', '3600']);
  created.push(`${tag}-idle`);
});

afterEach(() => thawAll());

after(async () => {
  thawAll();
  for (const s of sessions) await s.stop();
  await proxy?.close();
  await ensureEngineUp(env.dir);
  if (created.length) await sandboxDocker(['rm', '-f', ...created]).catch(() => undefined);
  if (pulled.length) await sandboxDocker(['rmi', '-f', ...pulled]).catch(() => undefined);
});

test('a frozen engine: "not responding for N s", stale data, keys work, no pile-up, live again by itself', async () => {
  const b = berth();
  await b.type('a');
  await b.waitFor((s) => live(s) && s.includes(`${tag}-idle`), LIVE_MS);
  const pid = b.pty.pid;
  const fdsBefore = openFds(pid);

  const engine = freezeEngine(env.dir);
  let screen: string;
  try {
    screen = await b.waitFor(/not responding for \d+ s/, NOTICE_MS);
    assert.doesNotMatch(screen, /● live/, 'no longer claims to be live');
    assert.match(screen, /\[stale\]/, 'the rows are marked stale');
    assert.match(screen, new RegExp(`${tag}-idle`), 'and stay on screen');

    // Keys still work while the engine says nothing.
    await b.type('2');
    await b.waitFor(/\d+ tags?\b/);
    await b.type('1');
    await b.waitFor(new RegExp(`${tag}-idle`));

    // Long enough for several probes (one per 3 s) and the pane switch's lists to meet the frozen
    // engine (the safety poll, every 30 s while events are live, need not come in it): requests
    // wait one per kind at most, and aborted probes close their sockets.
    screen = await b.waitFor(/not responding for (1[6-9]|[2-9]\d) s/, NOTICE_MS);
    const fdsFrozen = openFds(pid);
    assert.ok(fdsFrozen <= fdsBefore + 4, `open descriptors: ${fdsBefore} live, ${fdsFrozen} after 16 s frozen`);
  } finally {
    thaw(engine);
  }
  await b.waitFor(live, LIVE_MS);
  // Live means live: a container created now appears without a key press.
  await sandboxDocker(['create', '--name', `${tag}-after`, env.images.busybox, 'sleep', '3600']);
  created.push(`${tag}-after`);
  await b.waitFor(`${tag}-after`, LIVE_MS);
});

test('a frozen registry mid-pull: "no progress for N s — the registry is not answering", the layer says it is stuck, x cancels', async () => {
  // Nothing of the image may be local, or the pull would be over before the freeze.
  await sandboxDocker(['rmi', '-f', env.images.multiLayer]).catch(() => undefined);
  // Slowed down so that the freeze finds the pull downloading.
  proxy = await startThrottleProxy(env.registry.address, 512 * 1024);
  const slowRef = `${proxy.address}/berth/layers:latest`;
  pulled.push(slowRef, env.images.multiLayer);
  const b = berth();
  await b.waitFor(live, LIVE_MS);
  await b.type('p');
  await b.waitFor('Pull an image');
  await b.type(...slowRef, key.tab, ...env.registry.username, key.tab, ...env.registry.password, key.enter);
  await b.waitFor(/Downloading/, 30_000);

  const registry = registryPid(env.dir);
  freeze(registry);
  try {
    const screen = await b.waitFor(/no progress for \d+ s — the registry is not answering \(x cancels\)/, NOTICE_MS);
    assert.match(screen, /pulling \d+:\d\d/, 'the pull is still running');
    assert.match(screen, /● live/, 'the engine itself answers: it is the registry that is silent');
    await b.waitFor(/Downloading .* stuck \d+s/, NOTICE_MS);
    await b.type('x');
    const cancelled = await b.waitFor(/berth\/layers:latest\s+cancelled/, 10_000);
    assert.doesNotMatch(cancelled, /no progress for/, 'a cancelled pull is not stalled');
  } finally {
    thaw(registry);
  }
});
