/**
 * The health panel, describe and relations (issue 50) in berth's bundle in a real pty against the
 * sandbox dockerd, in one berth session:
 *   - the health panel of a container whose check fails every other run lists the probes
 *     `docker inspect`'s State.Health.Log holds (start, exit code, output), and `r` (run now) adds
 *     a result of berth's own run (an exec: the Actions pane has its `docker exec` line);
 *   - describe shows a secret-looking env value masked (and `s` shows it);
 *   - relations of a two-service Compose project (made by the compose CLI, docker-compose 1.29
 *     here, on its default bridge network with a shared named volume) list both containers, their
 *     network, the shared volume and depends_on, and Enter on the volume selects it in Volumes.
 *     Compose v2 writes `com.docker.compose.depends_on` itself; 1.29 does not, so the file sets
 *     that label as v2 would.
 * Docker only: Podman runs health checks from systemd timers the sandbox does not have.
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
const tag = `dh${process.pid}`;
const checked = `${tag}-hc`;
const project = `${tag}p`;
const WAIT_MS = 30_000;
const sessions: PtySession[] = [];
const composeDir = mkdtempSync(path.join(tmpdir(), 'berth-relations-'));
const composeFile = path.join(composeDir, 'compose.yml');

function compose(args: string[]): Promise<string> {
  const childEnv = { ...process.env, DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir };
  return new Promise((resolve, reject) => {
    execFile('docker-compose', ['-f', composeFile, '-p', project, ...args], { env: childEnv, cwd: composeDir }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)));
  });
}

before(async () => {
  const service = (name: string, mount: string, extra: string[] = []) => [`  ${name}:`, `    image: ${env.images.busybox}`, '    command: ["sleep", "3600"]', '    stop_signal: SIGKILL', `    volumes: ["shared:${mount}"]`, ...extra];
  writeFileSync(
    composeFile,
    [
      'version: "2.4"',
      'services:',
      ...service('db', '/data'),
      ...service('web', '/srv', ['    depends_on: [db]', '    labels:', '      com.docker.compose.depends_on: "db:service_started:false"']),
      'volumes:',
      '  shared: {}',
      '',
    ].join('\n'),
  );
  // The check alternates: a marker file made by one run is removed by the next, which fails.
  const check = 'if [ -e /tmp/h ]; then rm /tmp/h; echo bad; exit 1; else touch /tmp/h; echo good; fi';
  await Promise.all([
    compose(['up', '-d']),
    // A volume listed before the project's: Enter on the project's must select it, not the first row.
    sandboxDocker(['volume', 'create', `${tag}a`]),
    sandboxDocker(['run', '-d', '--network', 'none', '--name', checked, '-e', 'API_TOKEN=s3cr3t-value', '-e', 'MODE=plain', '--health-cmd', check, '--health-interval', '1s', '--health-retries', '10', env.images.busybox, 'sleep', '3600']),
  ]);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', checked]).catch(() => undefined);
  await compose(['down', '-v']).catch(() => undefined);
  await sandboxDocker(['volume', 'rm', `${tag}a`]).catch(() => undefined);
  rmSync(composeDir, { recursive: true, force: true });
});

/** A probe as the panel writes it (health-lines.ts probeText): local start to the ms, exit code, output. */
function probeOf(start: string, exitCode: number, output: string): string {
  const d = new Date(Date.parse(start));
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)} exit ${exitCode} ${output.trim()}`;
}

/** The probe lines between two headings of the panel, without "took N ms". */
function section(screen: string, from: RegExp, to: RegExp): string[] {
  const lines = screen.split('\n');
  const start = lines.findIndex((l) => from.test(l));
  const end = lines.findIndex((l, i) => i > start && to.test(l));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .map((l) => l.replace(/^[›\s]+/, '').replace(/ took \S+ ms/, '').trimEnd())
    .filter((l) => /^\d\d:\d\d:\d\d\.\d{3} /.test(l));
}

test('health panel matches State.Health.Log and run-now adds a result; describe masks a secret; relations of a compose project', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 200, rows: 50 });
  sessions.push(b);
  await b.waitFor('● live', WAIT_MS);

  // The health panel: once the engine holds a few probes, what it shows is what inspect says.
  await b.type('/', ...checked, key.enter);
  await b.waitFor((s) => s.includes(checked) && !s.includes(`${project}_web_1`), WAIT_MS);
  await b.type('h');
  await b.waitFor((s) => /the engine's last [3-9] probes/.test(s), WAIT_MS);
  const engineProbes = /the engine's last \d+ probes?/;
  const runHeading = /run from berth/;
  let shown: string[] = [];
  let held: string[] = [];
  for (let i = 0; i < 20; i++) {
    await b.settle();
    shown = section(b.screen(), engineProbes, runHeading);
    const log = JSON.parse(await sandboxDocker(['inspect', '-f', '{{json .State.Health.Log}}', checked])) as Array<{ Start: string; ExitCode: number; Output: string }>;
    held = log.map((p) => probeOf(p.Start, p.ExitCode, p.Output));
    if (JSON.stringify(shown) === JSON.stringify(held)) break;
    // A probe landed between the frame and the inspect: the panel reads again within 2 s.
    await b.waitFor((s) => JSON.stringify(section(s, engineProbes, runHeading)) !== JSON.stringify(shown), 5000).catch(() => undefined);
  }
  assert.deepEqual(shown, held, 'the panel lists State.Health.Log');
  assert.ok(held.some((p) => / exit 0 good$/.test(p)) && held.some((p) => / exit 1 bad$/.test(p)), 'the check failed every other run');

  // Run now: berth's own run of the check, under the engine's probes.
  await b.type('r');
  const ran = await b.waitFor((s) => section(s, runHeading, /^$/).length === 1, WAIT_MS);
  assert.match(section(ran, runHeading, /^$/)[0] ?? '', /exit [01] (good|bad)$/);
  await b.type(key.escape);
  // It was an exec: the Actions pane has its docker line.
  const id = (await sandboxDocker(['inspect', '-f', '{{.Id}}', checked])).trim().slice(0, 12);
  await b.type('0');
  await b.waitFor(`docker exec ${id} /bin/sh -c`, WAIT_MS);
  await b.type('1');

  // Describe: the token's value masked until s.
  await b.type('v');
  const described = await b.waitFor((s) => s.includes('API_TOKEN=') && s.includes('MODE=plain'), WAIT_MS);
  assert.match(described, /API_TOKEN=••••••/);
  assert.doesNotMatch(described, /s3cr3t-value/);
  await b.type('s');
  await b.waitFor('API_TOKEN=s3cr3t-value', WAIT_MS);
  await b.type(key.escape);

  // Relations of the Compose project (its row, with grouping on).
  await b.type(key.escape, '/', ...project, key.enter, 'z', 'g');
  await b.waitFor((s) => s.includes(`▾ ${project}`), WAIT_MS);
  await b.type('L');
  const tree = await b.waitFor((s) => s.includes(`relations of project ${project}`) && s.includes('depends on service db'), WAIT_MS);
  for (const text of [`container ${project}_db_1`, `container ${project}_web_1`, `network ${project}_default`, `volume ${project}_shared at /data`, `volume ${project}_shared at /srv`, 'service db', 'service web']) {
    assert.ok(tree.includes(text), `relations list ${text}:\n${tree}`);
  }
  // Each container's volume line names the other as its other user.
  assert.match(tree, new RegExp(`also used by ${project}_web_1`));
  assert.match(tree, new RegExp(`also used by ${project}_db_1`));
  // Enter on db's volume line (the project, service db, its container, its network, the network's
  // other member, the volume) selects the volume in Volumes, whose list is read only once shown.
  await b.type(key.down, key.down, key.down, key.down, key.down, key.enter);
  await b.waitFor((s) => !s.includes('relations of') && s.includes('VOLUME NAME') && s.includes(`${project}_shared`), WAIT_MS);
  await b.type('i');
  await b.waitFor(`inspect ${project}_shared`, WAIT_MS);
  await b.type(key.escape);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

test('the health panel of a container without a health check says so, and that it reads it once', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 200, rows: 50 });
  sessions.push(b);
  await b.waitFor('● live', WAIT_MS);
  await b.type('/', ...`${project}_db_1`, key.enter);
  await b.waitFor((s) => s.includes(`${project}_db_1`) && !s.includes(`${project}_web_1`), WAIT_MS);
  await b.type('h');
  const shown = await b.waitFor('has no health check', WAIT_MS);
  assert.match(shown, /read once: without a health check there is nothing to follow/);
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('has no health check'), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
