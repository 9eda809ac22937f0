/**
 * Compose projects in the Containers pane, in a real pty against the sandbox dockerd. The
 * project's containers are made the way Compose v2 labels them (`com.docker.compose.project`,
 * `…service`, `…container-number`) with `docker run --label`, not by `docker-compose` itself
 * (the sandbox engine has no bridge network and no internet for Compose to pull with).
 * `z` groups them under a header with the roll-up, Space folds it, Enter shows the project's logs
 * interleaved in time order, and s/S on the header act on the whole project through the same
 * confirmation as a single container.
 */
import assert from 'node:assert/strict';
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

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', ...names]).catch(() => undefined);
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
