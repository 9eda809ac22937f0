/**
 * A fleet in a real pty (issue 36): the sandbox's two engines (dockerd and Podman: the run
 * starts both whenever a pass uses Podman, as `npm test` and `--engine=both` do), a private
 * dockerd of the test's own, the sandbox dockerd once more over the sandbox's sshd, and one that
 * is not there, opened with repeated -H. Rows of every engine with the ENGINE column; the private
 * dockerd frozen with SIGSTOP, a container started meanwhile on another engine appearing and keys
 * answering; the `engine:` filter, a stop routed to the row's own engine (checked with that
 * engine's CLI), volumes, events and incidents merged, the frozen engine "not responding". Then
 * config.json's access, with an engine that never answered from the start (a silent server): a
 * read-only engine refuses a stop (and its rows' footer offers none), a protected one asks for
 * its name first.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';
import { startSmallDiskEngine, type SmallDiskEngine } from '../sandbox/small-disk.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';
import { listenInTempDir, type UnixServer } from '../support/unix-server.ts';

const env = sandboxEnv();
const tag = `fl${process.pid}`;
const WAIT_MS = 30_000;
const sessions: PtySession[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'berth-fleet-'));

/** The sandbox's other engine: Podman beside dockerd, or dockerd beside Podman (in the Podman pass). */
const other =
  env.engine === 'docker'
    ? { host: `unix://${path.join(env.dir, 'podman', 'podman.sock')}`, config: path.join(env.dir, 'podman', 'docker-config'), image: LOCAL_BUSYBOX, name: 'podman' }
    : { host: `unix://${path.join(path.dirname(env.dir), 'docker.sock')}`, config: path.join(path.dirname(env.dir), 'docker-config'), image: LOCAL_BUSYBOX, name: 'docker' };
const self = { host: env.dockerHost, config: path.join(env.dir, 'docker-config'), image: env.images.busybox, name: env.engine === 'docker' ? 'docker' : 'podman' };
const gone = `unix://${path.join(scratch, 'gone.sock')}`;
const names = { self: `${tag}-self`, other: `${tag}-other`, own: `${tag}-own`, volume: `${tag}-vol`, late: `${tag}-late`, crash: `${tag}-crash` };
/** The sandbox's dockerd: its dir and socket (the Podman pass's env names Podman's). */
const sandboxDocker = env.engine === 'docker' ? { dir: env.dir, socket: env.dockerHost.slice('unix://'.length) } : { dir: path.dirname(env.dir), socket: path.join(path.dirname(env.dir), 'docker.sock') };
/** A dockerd of this file's own (the fleet calls it docker-2), frozen with SIGSTOP in the first test. */
let own: { engine: SmallDiskEngine; pid: number; host: string; config: string } | undefined;
const OWN_NAME = 'docker-2';
/** The sandbox dockerd over ssh: the fleet calls it by its host, berth-sandbox. */
const SSH_NAME = 'berth-sandbox';
/** An engine that takes connections and never answers (as one SIGSTOPped does): its own rows wait, nobody else's. */
let frozen: UnixServer | undefined;

/** The docker CLI against one of the engines. */
function dockerAt(engine: { host: string; config: string }, args: string[]): Promise<string> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DOCKER_HOST: engine.host, DOCKER_CONFIG: engine.config };
  for (const k of ['DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH']) delete childEnv[k];
  return new Promise((resolve, reject) => {
    execFile(env.dockerCli, args, { env: childEnv, timeout: 60_000 }, (err, stdout, stderr) => (err ? reject(new Error(`docker ${args.join(' ')}: ${stderr.trim() || err.message}`)) : resolve(stdout)));
  });
}

const running = async (engine: { host: string; config: string }) => (await dockerAt(engine, ['ps', '--format', '{{.Names}}'])).split('\n').map((n) => n.trim());

/** The filter set to `text` alone (Esc clears the one before). */
async function filterTo(b: PtySession, text: string): Promise<void> {
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('filter "'), WAIT_MS);
  await b.type('/', ...text, key.enter);
  await b.waitFor(`filter "${text}"`, WAIT_MS);
}

function launch(hosts: string[], config?: object): PtySession {
  const home = path.join(scratch, `config-${sessions.length}`);
  if (config) {
    mkdirSync(path.join(home, 'berth'), { recursive: true });
    writeFileSync(path.join(home, 'berth', 'config.json'), JSON.stringify(config));
  }
  const b = launchBerth({ args: hosts.flatMap((h) => ['-H', h]), env: { DOCKER_HOST: undefined, DOCKER_CONFIG: env.clientConfigDir, XDG_CONFIG_HOME: home, NO_COLOR: '1', BERTH_SSH_COMMAND: env.ssh?.command }, cols: 160, rows: 40 });
  sessions.push(b);
  return b;
}

before(async () => {
  assert.ok(existsSync(other.host.slice('unix://'.length)), `the sandbox's other engine is not up (${other.host}): run with --engine=both`);
  await dockerAt(self, ['run', '-d', '--network', 'none', '--stop-signal', 'SIGKILL', '--name', names.self, self.image, 'sleep', '3600']);
  await dockerAt(other, ['run', '-d', '--network', 'none', '--stop-signal', 'SIGKILL', '--name', names.other, other.image, 'sleep', '3600']);
  await dockerAt(other, ['volume', 'create', names.volume]);
  frozen = await listenInTempDir(createServer(() => undefined), 'berth-frozen-');
  const engine = await startSmallDiskEngine(sandboxDocker.dir, sandboxDocker.socket, { bytes: 256 * 1024 * 1024 });
  own = { engine, pid: Number(readFileSync(path.join(engine.dir, 'dockerd.pid'), 'utf8').trim()), host: engine.dockerHost, config: path.join(sandboxDocker.dir, 'docker-config') };
  await dockerAt(own, ['run', '-d', '--network', 'none', '--stop-signal', 'SIGKILL', '--name', names.own, LOCAL_BUSYBOX, 'sleep', '3600']);
});

/** Thaws the private dockerd (a no-op when it runs). */
function thaw(): void {
  if (own) process.kill(own.pid, 'SIGCONT');
}

after(async () => {
  for (const s of sessions) await s.stop();
  await dockerAt(self, ['rm', '-f', names.self]).catch(() => undefined);
  await dockerAt(other, ['rm', '-f', names.other]).catch(() => undefined);
  await dockerAt(other, ['volume', 'rm', names.volume]).catch(() => undefined);
  await dockerAt(other, ['rm', '-f', names.late, names.crash]).catch(() => undefined);
  await frozen?.close();
  thaw();
  await own?.engine.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test('a fleet of two dockerds, Podman, the ssh engine and one not there: rows of each with ENGINE; one frozen (SIGSTOP), a container started elsewhere appears and keys answer; a shell and M’s figures on its row come from its engine; engine: filters, a stop goes to the row’s own engine, volumes, events and incidents merge', { timeout: 120_000 }, async () => {
  assert.ok(env.ssh, 'the sandbox’s ssh engine (test/run.ts sets it in every pass)');
  assert.ok(own);
  const b = launch([self.host, other.host, own.host, env.ssh.host, gone]);
  // The ssh engine is the sandbox's dockerd: its rows are the dockerd's container's.
  const onDockerd = env.engine === 'docker' ? names.self : names.other;
  const sshRow = (s: string) => s.split('\n').some((line) => line.includes(SSH_NAME) && line.includes(onDockerd));
  const screen = await b.waitFor((s) => s.includes(names.self) && s.includes(names.other) && s.includes(names.own) && sshRow(s) && /gone ✕ unreachable/.test(s), WAIT_MS);
  assert.match(screen, /ENGINE/);
  assert.match(screen, new RegExp(`${self.name} ● (live|polling)`), 'each engine’s state in the status bar');
  assert.match(screen, new RegExp(`${other.name}\\s+[0-9a-f]{12}\\s+${names.other}`), 'the row names its engine');
  assert.match(screen, new RegExp(`${OWN_NAME}\\s+[0-9a-f]{12}\\s+${names.own}`), 'the second dockerd’s row names it');
  // One engine frozen: a container started on another appears, and keys answer (below).
  process.kill(own.pid, 'SIGSTOP');
  try {
    await fleetWhileFrozen(b);
  } finally {
    thaw();
  }
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

async function fleetWhileFrozen(b: PtySession): Promise<void> {
  await dockerAt(other, ['run', '-d', '--network', 'none', '--name', names.late, other.image, 'sleep', '3600']);
  await b.waitFor(names.late, WAIT_MS);
  // A shell on the other engine's row runs there (the engine shown has no such container).
  await filterTo(b, names.late);
  await b.type('e');
  await b.waitFor(/a shell in .*exit \(or Ctrl-D\) returns to berth/, WAIT_MS);
  b.write('exit 4\r');
  await b.waitFor(/the shell in .* exited with code 4/, WAIT_MS);
  // M: its live figures, measured by its own engine (one process: sleep).
  await b.type('M');
  await b.waitFor((s) => s.split('\n').some((line) => line.includes(names.late) && /\d+\.\d\d%/.test(line)), WAIT_MS);
  await b.type('M');
  await b.waitFor((s) => !s.includes('CPU %'), WAIT_MS);
  // The filter by engine: only the other engine's rows.
  await filterTo(b, `engine:${other.name}`);
  await b.waitFor((s) => s.includes(names.other) && !s.includes(names.self), WAIT_MS);
  await filterTo(b, names.other);
  await b.type('s');
  await b.waitFor(`Stop ${names.other}`, WAIT_MS);
  await b.type(key.enter);
  await b.waitFor((s) => /stopped/.test(s) && !s.includes(`Stop ${names.other}`), WAIT_MS);
  assert.ok(!(await running(other)).includes(names.other), 'stopped on its own engine');
  assert.ok((await running(self)).includes(names.self), 'the other engine’s container runs on');
  // Volumes and events merge too: the other engine's volume and its container's end, each on its engine's row.
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('filter "'), WAIT_MS);
  await b.type('4');
  await b.waitFor(new RegExp(`${other.name}\\s+${names.volume}`), WAIT_MS);
  await b.type('6', '/', ...names.other, key.enter);
  await b.waitFor(new RegExp(`${other.name}\\s+\\d\\d:\\d\\d:\\d\\d\\s+container\\s+die\\s+${names.other}`), WAIT_MS);
  // And incidents: a crash on the other engine is listed with its engine.
  await dockerAt(other, ['run', '-d', '--network', 'none', '--name', names.crash, other.image, 'sh', '-c', 'exit 3']);
  await b.type('9');
  await b.waitFor(new RegExp(`${other.name}\\s+⚠.*exited 3.*${names.crash}`), WAIT_MS);
  // By now the frozen engine has had its ping unanswered: the status bar says so.
  await b.waitFor(new RegExp(`${OWN_NAME} ◌ not responding`), WAIT_MS);
}

test('config.json access: a read-only engine refuses a stop and its rows’ footer and help offer none, a protected one asks for its name first', { timeout: 90_000 }, async () => {
  await dockerAt(other, ['start', names.other]);
  const b = launch([self.host, other.host, `unix://${frozen?.socketPath ?? ''}`], { engines: { [other.name]: 'read-only', [self.name]: 'protected' } });
  await b.waitFor((s) => s.includes(names.self) && s.includes(names.other) && s.includes('(read-only)') && s.includes('(protected)'), WAIT_MS);
  await filterTo(b, names.other);
  // Its row offers no change in the footer (the key, pressed anyway, says why).
  await b.waitFor((s) => s.includes('i inspect') && !s.includes('s stop'), WAIT_MS);
  await b.type('?');
  const help = await b.waitFor('Keys (', WAIT_MS);
  assert.doesNotMatch(help, /stop the container/, 'help lists no change on its rows');
  // The help is longer than the screen (its first page may end above `i`): its own search finds it.
  await b.type('/', ...'inspect', key.enter);
  await b.waitFor((s) => s.includes('Keys (') && /\binspect\b/.test(s), WAIT_MS);
  await b.typeUntil(key.escape, (s) => !s.includes('Keys ('));
  await b.type('s');
  await b.waitFor(`${other.name} is read-only`, WAIT_MS);
  await filterTo(b, names.self);
  await b.waitFor('s stop', WAIT_MS);
  // The same help on a row of an engine that takes changes lists the stop.
  await b.type('?');
  await b.waitFor('stop the container', WAIT_MS);
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('Keys ('), WAIT_MS);
  await b.type('s');
  await b.waitFor(`${self.name} is protected`, WAIT_MS);
  await b.type(...'nope', key.enter);
  await b.waitFor(`type ${self.name} to go on`, WAIT_MS);
  // The name, typed in place of what was there: then the stop's own confirmation, as ever.
  await b.type(...Array.from({ length: 4 }, () => '\u007f'), ...self.name, key.enter);
  await b.waitFor(`Stop ${names.self}`, WAIT_MS);
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes(`Stop ${names.self}`), WAIT_MS);
  assert.ok((await running(self)).includes(names.self), 'nothing was stopped');
  assert.ok((await running(other)).includes(names.other));
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
