/**
 * The one gate on a real engine (issue 47): the sandbox engine marked read-only in config.json,
 * and the three ways in that once got past the access check — the file browser's copy in (`F`
 * then `I`), a custom action run from the palette (`:`), a custom action in a container on its
 * own key — are each refused with the engine named, and the container is left as it was.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const WAIT_MS = 30_000;
const name = `gate${process.pid}`;
const engineName = env.engine === 'docker' ? 'docker' : 'podman';
const scratch = mkdtempSync(path.join(tmpdir(), 'berth-gate-'));
let berth: PtySession | undefined;

function docker(args: string[]): Promise<string> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir };
  return new Promise((resolve, reject) => {
    execFile(env.dockerCli, args, { env: childEnv, timeout: 60_000 }, (err, stdout, stderr) => (err ? reject(new Error(`docker ${args.join(' ')}: ${stderr.trim() || err.message}`)) : resolve(stdout)));
  });
}

/** What the container's /tmp holds: a custom action or a copy that got through would leave a file there. */
const tmpListing = async () => (await docker(['exec', name, 'ls', '-a', '/tmp'])).split('\n').filter(Boolean).sort();

before(async () => {
  await docker(['run', '-d', '--network', 'none', '--stop-signal', 'SIGKILL', '--name', name, env.images.busybox, 'sleep', '3600']);
  writeFileSync(path.join(scratch, 'payload.txt'), 'must not arrive\n');
});

after(async () => {
  await berth?.stop();
  await docker(['rm', '-f', name]).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
});

test('read-only engine: F then I, a palette custom action and a custom action key are each refused with the engine named; the container is unchanged', { timeout: 120_000 }, async () => {
  const home = path.join(scratch, 'home');
  mkdirSync(path.join(home, 'berth'), { recursive: true });
  writeFileSync(
    path.join(home, 'berth', 'config.json'),
    JSON.stringify({
      engines: { [engineName]: 'read-only' },
      actions: [
        { name: 'gatewipe', command: 'touch /tmp/wiped', run: 'container', confirm: true },
        { name: 'gatetouch', command: 'touch /tmp/touched', run: 'container', key: 'ctrl+t' },
      ],
    }),
  );
  const before = await tmpListing();
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, XDG_CONFIG_HOME: home, NO_COLOR: '1' }, cols: 160, rows: 40, cwd: scratch });
  berth = b;
  await b.waitFor(name, WAIT_MS);
  await b.type('/', ...name, key.enter);
  await b.waitFor(`filter "${name}"`, WAIT_MS);
  const refused = `${engineName} is read-only`;

  // The file browser: browsing is a read and works; a copy in is refused before its dialog opens.
  await b.type('F');
  await b.waitFor((s) => s.includes('tmp') && s.includes('etc'), WAIT_MS);
  await b.type('I');
  await b.waitFor(refused, WAIT_MS);
  assert.doesNotMatch(b.screen(), /Copy .* into/i, 'no copy dialog');
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes(refused), WAIT_MS * 2);

  // The palette: the custom action marked confirm.
  await b.type(':', ...'gatewipe');
  await b.waitFor('gatewipe', WAIT_MS);
  await b.type(key.enter);
  await b.waitFor(refused, WAIT_MS);
  await b.waitFor((s) => !s.includes(refused), WAIT_MS * 2);

  // Its own key: a custom action in the container without confirm.
  await b.type('\u0014');
  await b.waitFor(refused, WAIT_MS);

  assert.deepEqual(await tmpListing(), before, 'nothing was written into the container');
  assert.match(await docker(['inspect', '-f', '{{.State.Running}}', name]), /true/);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
