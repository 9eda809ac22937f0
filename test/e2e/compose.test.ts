/**
 * Compose projects in the Containers pane, in a real pty against the sandbox dockerd. The
 * project's containers are made the way Compose v2 labels them (`com.docker.compose.project`,
 * `…service`, `…container-number`) with `docker run --label`, not by `docker-compose` itself
 * (the sandbox engine has no bridge network and no internet for Compose to pull with).
 * `z` groups them under a header with the roll-up, Space folds it, Enter shows the project's logs
 * interleaved in time order, and s/S on the header act on the whole project through the same
 * confirmation as a single container.
 *
 * Then a two-service project made by the compose CLI itself (Debian's docker-compose 1.29,
 * which the sandbox installs, or `docker compose` where the docker CLI has it), from a file the
 * test writes (no network: `network_mode: none`; the image from the sandbox registry): `Z` on
 * the project's row runs up, pull and down through it, and on one service's container a
 * restart of that service alone.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `cmp${process.pid}`;
const project = `${tag}proj`;
const sessions: PtySession[] = [];
const WAIT_MS = 30_000;
const names = [`${tag}-web-1`, `${tag}-db-1`, `${tag}-worker-1`];

function labels(service: string): string[] {
  return ['--label', `com.docker.compose.project=${project}`, '--label', `com.docker.compose.service=${service}`, '--label', 'com.docker.compose.container-number=1'];
}

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-web-1`, ...labels('web'), env.images.busybox, 'sh', '-c', 'echo web listening; sleep 3600']);
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-db-1`, ...labels('db'), env.images.busybox, 'sh', '-c', 'sleep 1; echo db ready; sleep 3600']);
  await sandboxDocker(['create', '--network', 'none', '--name', `${tag}-worker-1`, ...labels('worker'), env.images.busybox, 'sleep', '3600']);
});

const composeProject = `${tag}cli`;
const composeDir = mkdtempSync(path.join(tmpdir(), 'berth-compose-'));
const composeFile = path.join(composeDir, 'compose.yml');

/** The compose CLI the test itself runs (to make the project berth then finds), as berth would pick it. */
function composeCli(args: string[]): Promise<string> {
  const childEnv = { ...process.env, DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir };
  return new Promise((resolve, reject) => {
    execFile('docker-compose', ['-f', composeFile, '-p', composeProject, ...args], { env: childEnv, cwd: composeDir }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)));
  });
}

async function projectContainers(): Promise<Array<{ id: string; service: string; started: string; running: boolean }>> {
  const ids = (await sandboxDocker(['ps', '-aq', '--filter', `label=com.docker.compose.project=${composeProject}`])).split('\n').filter(Boolean);
  if (ids.length === 0) return [];
  const out = await sandboxDocker(['inspect', '-f', '{{.Id}} {{index .Config.Labels "com.docker.compose.service"}} {{.State.StartedAt}} {{.State.Running}}', ...ids]);
  return out
    .trim()
    .split('\n')
    .map((line) => line.split(' '))
    .map(([id = '', service = '', started = '', running = '']) => ({ id, service, started, running: running === 'true' }))
    .sort((a, b) => a.service.localeCompare(b.service));
}

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', ...names]).catch(() => undefined);
  const left = (await sandboxDocker(['ps', '-aq', '--filter', `label=com.docker.compose.project=${composeProject}`]).catch(() => '')).split('\n').filter(Boolean);
  if (left.length > 0) await sandboxDocker(['rm', '-f', ...left]).catch(() => undefined);
  rmSync(composeDir, { recursive: true, force: true });
});

const header = (screen: string) => screen.split('\n').find((line) => line.includes(project)) ?? '';

test('z groups a Compose project under a header with its roll-up; Space folds it; Enter interleaves its logs; S and s act on the whole project', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 30 });
  sessions.push(b);
  await b.waitFor(`${tag}-web-1`, WAIT_MS);
  await b.type('/', ...tag, key.enter, 'z', 'g');
  // Running-only view: two listed, but the roll-up counts all three.
  const grouped = await b.waitFor((s) => /▾ \S+\s+db, web\s+2\/3\s+2 running, 1 stopped/.test(header(s)), WAIT_MS);
  const lines = grouped.split('\n');
  assert.ok(lines.findIndex((l) => l.includes(project)) < lines.findIndex((l) => l.includes(`${tag}-db-1`)), 'the header comes first');

  await b.type(' ');
  await b.waitFor((s) => header(s).includes(`▸ ${project}`) && !s.includes(`${tag}-web-1`), WAIT_MS);
  await b.type(' ');
  await b.waitFor((s) => header(s).includes(`▾ ${project}`) && s.includes(`${tag}-web-1`), WAIT_MS);

  // Enter on the header: the project's logs in one view, in time order, each line marked with its service.
  await b.type(key.enter);
  const logs = await b.waitFor((s) => s.includes(`logs project ${project}`) && /web \| web listening/.test(s) && /db \| db ready/.test(s), WAIT_MS);
  const logLines = logs.split('\n');
  assert.ok(logLines.findIndex((l) => l.includes('web listening')) < logLines.findIndex((l) => l.includes('db ready')), 'in time order');
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('logs project') && header(s).includes(project), WAIT_MS);

  // S on the header starts the one that is not running.
  await b.type('S');
  await b.waitFor(`started 1 container of project ${project}`, WAIT_MS);
  await b.waitFor((s) => /3\/3\s+3 running/.test(header(s)), WAIT_MS);

  // s on the header: the stop confirmation names the project and its count.
  await b.type('s');
  await b.waitFor(`Stop project ${project} (3 containers)?`, WAIT_MS);
  await b.type('0', key.enter);
  await b.waitFor(`stopped 3 containers of project ${project}`, 60_000);
  const states = await sandboxDocker(['inspect', '-f', '{{.State.Running}}', ...names]);
  assert.deepEqual(states.trim().split('\n'), ['false', 'false', 'false']);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

test('Z runs the compose CLI on a project: up starts the missing service, pull shows its output, restart of one service leaves the other, down removes both; U recreates one service through compose', async () => {
  const service = (name: string) => [`  ${name}:`, `    image: ${env.images.registryBusybox}`, `    command: ["sleep", "3600"]`, '    network_mode: none', '    stop_signal: SIGKILL'];
  writeFileSync(composeFile, ['version: "2.4"', 'services:', ...service('db'), ...service('web'), ''].join('\n'));
  // Only db runs at first: berth finds the project from its labels.
  await composeCli(['up', '-d', 'db']);
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 40 });
  sessions.push(b);
  const row = (s: string) => s.split('\n').find((line) => line.includes(`▾ ${composeProject}`)) ?? '';
  await b.waitFor((s) => s.includes(`${composeProject}`) && s.includes('db'), WAIT_MS);
  await b.type('/', ...composeProject, key.enter, 'z', 'g');
  await b.waitFor((s) => /▾ \S+\s+db\s+1\/1/.test(row(s)), WAIT_MS);

  // Up on the project's row: web starts too.
  await b.type('Z');
  await b.waitFor((s) => s.includes(`Compose project ${composeProject}`) && /through docker[- ]compose/.test(s), WAIT_MS);
  await b.type(key.enter);
  await b.waitFor(`up of project ${composeProject}: exited with code 0`, 60_000);
  assert.deepEqual((await projectContainers()).map((c) => [c.service, c.running]), [['db', true], ['web', true]]);

  // Back to the actions, pull (two down): the CLI's own lines, then its exit.
  await b.type(key.enter, key.down, key.down, key.enter);
  const pulled = await b.waitFor(`pull of project ${composeProject}: exited with code 0`, 60_000);
  assert.match(pulled, /Pulling|Pulled/, 'the CLI’s own lines are shown');
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes(`Compose project ${composeProject}`) && /db, web\s+2\/2/.test(row(s)), WAIT_MS);

  // Restart of web alone, from its container's row (the header, db, web): db keeps its start time.
  const before = await projectContainers();
  await b.type('g', key.down, key.down, 'Z');
  await b.waitFor(`Compose service web of ${composeProject}`, WAIT_MS);
  await b.type(key.down, key.down, key.down, key.down, key.enter);
  await b.waitFor(`restart of service web (${composeProject}): exited with code 0`, 60_000);
  const restarted = await projectContainers();
  assert.equal(restarted[0]?.started, before[0]?.started, 'db was not restarted');
  assert.notEqual(restarted[1]?.started, before[1]?.started, 'web was restarted');
  await b.type(key.escape);

  // U on web's container (edit and recreate): a Compose service is recreated by compose itself,
  // web made anew alone, db untouched.
  await b.waitFor((s) => !s.includes(`Compose service web of ${composeProject}`), WAIT_MS);
  await b.type('g', key.down, key.down, 'U');
  await b.waitFor(`is service web of the Compose project ${composeProject}`, WAIT_MS);
  await b.type(key.enter);
  await b.waitFor('recreated: the compose CLI exited with code 0', 60_000);
  await b.type(key.escape);
  const anew = await projectContainers();
  assert.equal(anew[0]?.id, restarted[0]?.id, 'db is the same container');
  assert.notEqual(anew[1]?.id, restarted[1]?.id, 'web is a new container');

  // Down on the project's row: both containers go.
  await b.type('g', 'Z');
  await b.waitFor(`Compose project ${composeProject}`, WAIT_MS);
  await b.type(key.down, key.enter);
  await b.waitFor(`down of project ${composeProject}: exited with code 0`, 60_000);
  assert.deepEqual(await projectContainers(), []);
  await b.type(key.escape, 'q');
  assert.equal((await b.exited).exitCode, 0);
});
