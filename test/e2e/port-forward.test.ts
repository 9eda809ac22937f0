/**
 * Ports and forwards on the sandbox (issue 50), in a real pseudo-terminal: a busybox httpd on a
 * port that is exposed but NOT published is reached on the forwarded local port through the
 * unix-socket engine and through the ssh engine, and its helper container is gone after `x` and
 * after `q`; a port published on the ssh engine's host is forwarded through the ssh master and
 * opened as an OSC 8 link carrying the engine's host (no browser here); on a read-only engine a
 * forward is refused and no helper is made.
 *
 * The sandbox's dockerd has no bridge: the unpublished server runs with `--network none` (only
 * the helper, in its namespace, reaches it), the published one on the host's network with `-p`.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freeTcpPort } from '../sandbox/ports.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
if (!env.ssh) throw new Error('this test needs the sandbox sshd (BERTH_SANDBOX_SSH_HOST and BERTH_SANDBOX_SSH_COMMAND)');
const ssh = env.ssh;
const WAIT_MS = 30_000;
const tag = `fwd${process.pid}`;
const web = `${tag}-web`;
const pub = `${tag}-pub`;
const scratch = mkdtempSync(path.join(tmpdir(), 'berth-forward-'));
const sessions: PtySession[] = [];
let published = 0;

function docker(args: string[]): Promise<string> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir };
  return new Promise((resolve, reject) => {
    execFile(env.dockerCli, args, { env: childEnv, timeout: 60_000 }, (err, stdout, stderr) => (err ? reject(new Error(`docker ${args.join(' ')}: ${stderr.trim() || err.message}`)) : resolve(stdout)));
  });
}

/** The forward helpers on the engine (every state: one that lingers stopped counts too). */
async function helpers(): Promise<string[]> {
  return (await docker(['ps', '-aq', '--filter', `label=org.berth.forward-for`])).split('\n').filter(Boolean);
}

async function until(condition: () => Promise<boolean> | boolean, what: string, ms = WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GET http://127.0.0.1:port/ — the body, as a client here sees it; a failure says what berth showed. */
async function get(port: number, b?: PtySession): Promise<string> {
  try {
    return await request(port);
  } catch (error) {
    throw new Error(`GET 127.0.0.1:${port}: ${(error as Error).message}${b ? `\n${b.screen()}` : ''}`);
  }
}

function request(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', reject);
  });
}

function config(name: string, extra: Record<string, unknown> = {}): string {
  const home = path.join(scratch, name);
  mkdirSync(path.join(home, 'berth'), { recursive: true });
  writeFileSync(path.join(home, 'berth', 'config.json'), JSON.stringify({ debugImage: env.images.busybox, ...extra }));
  return home;
}

function berth(launchEnv: Record<string, string | undefined>, args: string[] = []): PtySession {
  // No display and no $BROWSER: the open action falls back to the link.
  const session = launchBerth({ env: { DOCKER_CONFIG: env.clientConfigDir, DISPLAY: undefined, WAYLAND_DISPLAY: undefined, BROWSER: undefined, NO_COLOR: '1', ...launchEnv }, args, cols: 170, rows: 40, cwd: scratch });
  sessions.push(session);
  return session;
}

/** Filters Containers to `name`, opens its ports, and waits for `port` listed. */
async function ports(b: PtySession, name: string, port: number): Promise<void> {
  await b.type('/', ...name, key.enter);
  await b.waitFor(`filter "${name}"`, WAIT_MS);
  await b.type('b');
  await b.waitFor(new RegExp(`ports of ${name}[\\s\\S]*${port}/tcp`), WAIT_MS);
}

/** `f` on the selected port: the local port the notice names. */
async function forward(b: PtySession, name: string, port: number): Promise<number> {
  await b.type('f');
  const screen = await b.waitFor(new RegExp(`forwarding 127\\.0\\.0\\.1:(\\d+) → ${name}:${port}`), WAIT_MS);
  return Number(new RegExp(`forwarding 127\\.0\\.0\\.1:(\\d+) → ${name}:${port}`).exec(screen)?.[1]);
}

before(async () => {
  published = await freeTcpPort();
  const serve = (text: string, port: number) => `mkdir -p /www && echo ${text} > /www/index.html && exec httpd -f -p ${port} -h /www`;
  await Promise.all([
    docker(['run', '-d', '--network', 'none', '--expose', '8080', '--name', web, env.images.busybox, 'sh', '-c', serve('hello-unpublished', 8080)]),
    docker(['run', '-d', '--network', 'host', '-p', `${published}:${published}`, '--name', pub, env.images.busybox, 'sh', '-c', serve('hello-published', published)]),
  ]);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await docker(['rm', '-f', web, pub]).catch(() => undefined);
  for (const id of await helpers().catch(() => [])) await docker(['rm', '-f', id]).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
});

test('unix socket: an unpublished port forwarded through the engine answers here (listed, then typed); B lists it; x and q each remove the helper', { timeout: 120_000 }, async () => {
  const b = berth({ DOCKER_HOST: env.dockerHost, XDG_CONFIG_HOME: config('local') });
  await b.waitFor(web, WAIT_MS);
  await ports(b, web, 8080);
  assert.match(b.screen(), /8080\/tcp\s+exposed, not published/);
  const local = await forward(b, web, 8080);
  assert.equal((await get(local)).trim(), 'hello-unpublished');
  assert.equal((await get(local)).trim(), 'hello-unpublished', 'a second connection too');
  assert.equal((await helpers()).length, 1, 'one helper for the forward');
  await b.type(key.escape, 'B');
  await b.waitFor(new RegExp(`127\\.0\\.0\\.1:${local}\\s+→ ${web}:8080\\s+here → engine API → helper[\\s\\S]*2 in all`), WAIT_MS);
  await b.type('x');
  await b.waitFor('the forward ended', WAIT_MS);
  await until(async () => (await helpers()).length === 0, 'the helper gone after x');
  await assert.rejects(get(local), 'nothing listens there any more');
  // One action-log entry for the forward: its helper's docker run, in the container's network.
  await b.type(key.escape, '0');
  const logged = await b.waitFor(/docker run .*--network container:/, WAIT_MS);
  assert.equal(logged.match(/docker run .*--network container:/g)?.length, 1, 'one entry, not one per connection');
  await b.type('1');

  // Again, the port typed (F: as for one the image never declared), then quit: q ends it too.
  await b.type('b');
  await b.waitFor(`ports of ${web}`, WAIT_MS);
  await b.type('F');
  await b.waitFor(`Forward a port of ${web} here`, WAIT_MS);
  await b.type('8', '0', '8', '0', key.enter);
  const typed = await b.waitFor(new RegExp(`forwarding 127\\.0\\.0\\.1:(\\d+) → ${web}:8080`), WAIT_MS);
  const again = Number(new RegExp(`forwarding 127\\.0\\.0\\.1:(\\d+) → ${web}:8080`).exec(typed)?.[1]);
  assert.equal((await get(again)).trim(), 'hello-unpublished');
  await b.type(key.escape, key.escape, 'q');
  assert.equal((await b.exited).exitCode, 0);
  await until(async () => (await helpers()).length === 0, 'the helper gone after q');
});

test('ssh engine: the unpublished port through the engine, the published one through the ssh master, and open shows an OSC 8 link at the engine’s host', { timeout: 120_000 }, async () => {
  const b = berth({ DOCKER_HOST: undefined, DOCKER_CONTEXT: undefined, BERTH_SSH_COMMAND: ssh.command, XDG_CONFIG_HOME: config('remote') }, ['-H', ssh.host]);
  await b.waitFor(web, WAIT_MS);
  await ports(b, web, 8080);
  const local = await forward(b, web, 8080);
  assert.equal((await get(local, b)).trim(), 'hello-unpublished');

  await b.type(key.escape, key.escape);
  await ports(b, pub, published);
  await b.waitFor(new RegExp(`${published}/tcp\\s+on the host’s network: 0\\.0\\.0\\.0:${published}`), WAIT_MS);
  // The engine's host as ssh resolves the address (the alias's HostName), as a browser here needs it.
  const host = await new Promise<string>((resolve, reject) => {
    const [file = 'ssh', ...args] = ssh.command.split(' ');
    execFile(file, [...args, '-G', new URL(ssh.host).hostname], (err, stdout) => (err ? reject(err) : resolve(/^hostname (\S+)$/m.exec(stdout)?.[1] ?? '')));
  });
  assert.ok(host !== '' && host !== 'localhost' && host !== '0.0.0.0', `ssh names the engine's host (${host})`);
  const link = `\u001b]8;;http://${host}:${published}/\u0007`;
  await b.type(key.enter);
  await b.waitFor(`link (copied): http://${host}:${published}/`, WAIT_MS);
  assert.ok(b.raw.includes(link), `an OSC 8 link to http://${host}:${published}/`);
  assert.ok(b.raw.includes(`\u001b]52;c;${Buffer.from(`http://${host}:${published}/`).toString('base64')}`), 'copied through OSC 52');

  await b.type('t');
  const said = await b.waitFor(/forwarding 127\.0\.0\.1:(\d+) → \S+ through the ssh master/, WAIT_MS);
  const tunnel = Number(/forwarding 127\.0\.0\.1:(\d+) → \S+ through the ssh master/.exec(said)?.[1]);
  assert.equal((await get(tunnel, b)).trim(), 'hello-published');
  await b.type(key.escape, 'B');
  await b.waitFor(/here → ssh master → host/, WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
  await until(async () => (await helpers()).length === 0, 'the helper gone after q over ssh');
  await assert.rejects(get(tunnel), 'the master’s forward ended with berth');
});

test('read-only engine: f is refused with the engine named, and no helper is made', { timeout: 60_000 }, async () => {
  const engineName = env.engine === 'docker' ? 'docker' : 'podman';
  const b = berth({ DOCKER_HOST: env.dockerHost, XDG_CONFIG_HOME: config('read-only', { engines: { [engineName]: 'read-only' } }) });
  await b.waitFor(web, WAIT_MS);
  await ports(b, web, 8080);
  const before = await helpers();
  await b.type('f');
  await b.waitFor(`${engineName} is read-only`, WAIT_MS);
  assert.deepEqual(await helpers(), before, 'no helper made');
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
