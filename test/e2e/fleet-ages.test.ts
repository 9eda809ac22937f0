/**
 * Ages in a fleet against the CLI (issue 48): berth with the sandbox dockerd and a private dockerd
 * of this file's own (-H twice), and `docker ps` against each, read side by side. The engine
 * shown's list stands still for a while first (nothing on it changes), then a container starts on
 * the second engine: its STATUS used to be grown from the first engine's list time and ran ahead
 * by that while (`Up 17 seconds` for one 1 s old). Every age berth shows on either engine must be
 * one that engine's `docker ps` printed at most 10 s before (the lag ages.test.ts allows). Then `E`
 * lists both engines, the two docker.sock told apart by their addresses.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';
import { startSmallDiskEngine, type SmallDiskEngine } from '../sandbox/small-disk.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `fa${process.pid}`;
const WAIT_MS = 60_000;
const LAG_MS = 10_000;
/** The CLI's answer is read some milliseconds after the moment it describes: allowed for both ways. */
const READ_MS = 700;
const names = { shown: `${tag}-shown`, other: `${tag}-other` };
const sessions: PtySession[] = [];
const sandboxDir = env.engine === 'docker' ? env.dir : path.dirname(env.dir);
const sandboxSocket = env.engine === 'docker' ? env.dockerHost.slice('unix://'.length) : path.join(sandboxDir, 'docker.sock');
const shown = { host: `unix://${sandboxSocket}` };
let own: SmallDiskEngine | undefined;

function dockerAt(host: string, args: string[]): Promise<string> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DOCKER_HOST: host, DOCKER_CONFIG: env.clientConfigDir };
  for (const k of ['DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH']) delete childEnv[k];
  return new Promise((resolve, reject) => {
    execFile(env.dockerCli, args, { env: childEnv, timeout: 60_000 }, (err, stdout, stderr) => (err ? reject(new Error(`docker ${args.join(' ')}: ${stderr.trim() || err.message}`)) : resolve(stdout)));
  });
}

before(async () => {
  await dockerAt(shown.host, ['run', '-d', '--network', 'none', '--name', names.shown, LOCAL_BUSYBOX, 'sleep', '3600']);
  own = await startSmallDiskEngine(sandboxDir, sandboxSocket, { bytes: 256 * 1024 * 1024 });
});

after(async () => {
  for (const s of sessions) await s.stop();
  await dockerAt(shown.host, ['rm', '-f', names.shown]).catch(() => undefined);
  await own?.stop();
});

/** What one source showed for a container's STATUS at one moment. */
interface Seen {
  at: number;
  name: string;
  text: string;
}

const AGE = /Up (Less than a second|1 second|\d+ seconds|About a minute|\d+ minutes)/;

/** `docker ps` STATUS of this file's containers on one engine, read now. */
async function cliAges(host: string): Promise<Seen[]> {
  const out = await dockerAt(host, ['ps', '--format', '{{.Names}}\t{{.Status}}']);
  const at = Date.now();
  return out.split('\n').flatMap((line) => {
    const [name, status] = line.split('\t');
    return name?.startsWith(tag) && status ? [{ at, name, text: status }] : [];
  });
}

/** The STATUS berth shows on each of this file's rows. */
function berthAges(screen: string, at: number): Seen[] {
  return screen.split('\n').flatMap((line) => {
    const name = Object.values(names).find((n) => line.includes(n));
    const status = AGE.exec(line)?.[0];
    return name && status ? [{ at, name, text: status }] : [];
  });
}

test('in a fleet of two dockerds, every STATUS age on both engines is one that engine’s docker ps printed within the 10 s before', { timeout: 180_000 }, async () => {
  assert.ok(own);
  const b = launchBerth({ args: ['-H', shown.host, '-H', own.dockerHost], env: { DOCKER_HOST: undefined, DOCKER_CONFIG: env.clientConfigDir, NO_COLOR: '1' }, cols: 160, rows: 30 });
  sessions.push(b);
  await b.waitFor((s) => s.includes(names.shown) && s.includes('ENGINE'), WAIT_MS);
  // The engine shown's list stands still (its one container only ages) until its row reads 20 s
  // or more: by then that list's time is well over 10 s old.
  await b.waitFor((s) => s.split('\n').some((line) => line.includes(names.shown) && /Up ([2-5]\d seconds|About a minute)/.test(line)), WAIT_MS);

  const cli: Seen[] = [];
  const seen: Seen[] = [];
  const stop = { done: false };
  const reading = (async () => {
    while (!stop.done) {
      const [a, o] = await Promise.all([cliAges(shown.host), cliAges(own?.dockerHost ?? '')]);
      cli.push(...a, ...o);
      await delay(100);
    }
  })();
  try {
    // The CLI is read from before the new container exists, so every age berth shows has its 10 s before.
    while (!cli.some((c) => c.name === names.shown)) await delay(50);
    await dockerAt(own.dockerHost, ['run', '-d', '--network', 'none', '--name', names.other, LOCAL_BUSYBOX, 'sleep', '3600']);
    await b.waitFor((s) => s.includes(names.other), WAIT_MS);
    // Both rows, read for a few seconds of berth's own frames (each whole second of age turning).
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      await b.settle();
      seen.push(...berthAges(b.screen(), Date.now()));
      await delay(100);
    }
  } finally {
    stop.done = true;
    await reading;
  }

  for (const name of Object.values(names)) assert.ok(seen.some((s) => s.name === name), `berth showed ${name}'s STATUS`);
  for (const s of seen) {
    const printed = cli.filter((c) => c.name === s.name && c.at >= s.at - LAG_MS - READ_MS && c.at <= s.at + READ_MS);
    // Or one second behind the oldest printed there: a frame on screen can be up to a tick old when read (never ahead).
    const seconds = (text: string) => Number(/^Up (\d+) seconds?$/.exec(text)?.[1] ?? NaN);
    const oldest = Math.min(...printed.map((c) => seconds(c.text)));
    assert.ok(
      printed.some((c) => c.text === s.text) || seconds(s.text) === oldest - 1,
      `${s.name}: berth showed "${s.text}" at ${s.at}; its engine's docker ps printed in the 10 s before: ${[...new Set(printed.map((c) => c.text))].join(', ')}`,
    );
  }
  // E lists both engines (given with -H, in no place the switcher looks: it said "no engines found"),
  // each under its fleet name beside its address: the two docker.sock read docker and docker-2 (issue 48).
  const ownHost = own.dockerHost;
  await b.type('E');
  const rowOf = (s: string, host: string) => s.split('\n').find((line) => line.includes(host)) ?? '';
  const engines = await b.waitFor((s) => s.includes('Engines (') && / docker-2 /.test(rowOf(s, ownHost)) && rowOf(s, shown.host) !== '', WAIT_MS);
  assert.doesNotMatch(engines, /no engines found/);
  assert.match(rowOf(engines, shown.host), /^[› ] \* /, `the engine shown is the current row: ${rowOf(engines, shown.host)}`);
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('Engines ('), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
