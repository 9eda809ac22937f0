/**
 * Resource columns in a real pty against the sandbox dockerd: `M` turns on `docker stats`'s
 * columns for the running containers (a busy loop shows real CPU use, every row its memory
 * against its limit and its PIDs) and off again.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `stats${process.pid}`;
const sessions: PtySession[] = [];
const WAIT_MS = 30_000;

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--memory', '64m', '--name', `${tag}-busy`, env.images.busybox, 'sh', '-c', 'while :; do :; done']);
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-idle`, env.images.busybox, 'sleep', '3600']);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', `${tag}-busy`, `${tag}-idle`]).catch(() => undefined);
});

/** The screen line of a container's row. */
const rowOf = (screen: string, name: string) => screen.split('\n').find((line) => line.includes(name)) ?? '';

test('M shows CPU, memory and PIDs of the running containers, as docker stats computes them (from this host\'s cgroup files); M again hides them', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 200, rows: 30 });
  sessions.push(b);
  await b.waitFor(`${tag}-idle`, WAIT_MS);
  assert.doesNotMatch(b.screen(), /CPU %/);
  await b.type('/', ...tag, '\r');
  await b.type('M');
  await b.waitFor(/CPU %.*MEM USAGE \/ LIMIT.*MEM %.*PIDS/, WAIT_MS);
  // A busy loop uses a good part of a CPU; its 64 MiB limit is what the engine reports.
  const busy = await b.waitFor((s) => /(\d+\.\d\d)%/.test(rowOf(s, `${tag}-busy`)) && Number(/(\d+\.\d\d)%/.exec(rowOf(s, `${tag}-busy`))?.[1]) > 5, WAIT_MS);
  assert.match(rowOf(busy, `${tag}-busy`), / \/ 64MiB /);
  const idle = await b.waitFor((s) => /\d+\.\d\d%/.test(rowOf(s, `${tag}-idle`)), WAIT_MS);
  assert.match(rowOf(idle, `${tag}-idle`), /\b1\s*$|\b1\s+\S/, 'sleep is one process');
  // o orders by the figures too: busiest first (created → name → image → state → cpu).
  await b.type('o', 'o', 'o', 'o');
  const byCpu = await b.waitFor(/CPU % ▼/, WAIT_MS);
  const lines = byCpu.split('\n');
  assert.ok(lines.findIndex((l) => l.includes(`${tag}-busy`)) < lines.findIndex((l) => l.includes(`${tag}-idle`)), 'the busy loop first');
  await b.type('M');
  await b.waitFor((s) => !s.includes('CPU %') && s.includes(`${tag}-idle`), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

test('m opens the stats view of the selected container: live graphs, its figures and its processes', async () => {
  // Here berth finds no cgroup files, as with a remote engine: the figures come from the engine's
  // stats, one sample at a time (the M case above reads them from this host's cgroup files).
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, BERTH_TEST_CGROUP_ROOT: '/nonexistent' }, cols: 160, rows: 40 });
  sessions.push(b);
  await b.waitFor(`${tag}-busy`, WAIT_MS);
  await b.type('/', ...`${tag}-busy`, '\r');
  await b.type('m');
  await b.waitFor(`stats ${tag}-busy (Esc closes)`, WAIT_MS);
  // The busy loop's CPU, its memory against the 64 MiB limit, the graph filling in and the
  // figures table — one wait for all four: a frame can hold the graphs before the table.
  await b.waitFor((s) => /CPU \d+\.\d%/.test(s) && /MEM \S+ of 64MiB/.test(s) && /[⡀-⣿]/.test(s) && /MEM USAGE \/ LIMIT/.test(s), WAIT_MS);
  // docker top: ps -ef's titles and the container's shell loop.
  // dockerd: the host's ps -ef; Podman: its own ps inside the container (PID USER COMMAND).
  const top = await b.waitFor((s) => (/UID\s+PID\s+PPID/.test(s) && /sh -c while :; do :; done/.test(s)) || (/PID\s+USER\s+COMMAND/.test(s) && /\bsh\b/.test(s.split('COMMAND')[1] ?? '')), WAIT_MS);
  assert.doesNotMatch(top, /asking…/);
  await b.type('\u001b');
  await b.waitFor((s) => !s.includes('(Esc closes)') && s.includes(`${tag}-busy`), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

test('6 shows the engine’s events, newest first, with their key attributes and the / filter', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 30 });
  sessions.push(b);
  await b.waitFor(`${tag}-idle`, WAIT_MS);
  await b.type('6');
  await b.waitFor(/6 Events/, WAIT_MS);
  const name = `${tag}-event`;
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', name, env.images.busybox, 'sleep', '3600']);
  try {
    const screen = await b.waitFor((s) => new RegExp(`container\\s+start\\s+${name}`).test(s), WAIT_MS);
    // Podman names images fully qualified (docker.io/…).
    assert.match(screen, new RegExp(`container\\s+create\\s+${name}\\s+image=(docker\\.io/)?${env.images.busybox.replace(/[/.:]/g, '\\$&')}`));
    // Newest first: start came after create.
    const lines = screen.split('\n');
    assert.ok(lines.findIndex((l) => / start /.test(l) && l.includes(name)) < lines.findIndex((l) => / create /.test(l) && l.includes(name)));
    await sandboxDocker(['stop', '-t', '0', name]);
    await b.waitFor((s) => new RegExp(`container\\s+die\\s+${name}\\s+.*exitCode=137`).test(s), WAIT_MS);
    await b.type('/', ...'die', '\r');
    const filtered = await b.waitFor((s) => s.includes('filter "die"') && !/ start /.test(s.split('\n').slice(3).join('\n')), WAIT_MS);
    assert.match(filtered, new RegExp(`die\\s+${name}`));
  } finally {
    await sandboxDocker(['rm', '-f', name]).catch(() => undefined);
  }
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
