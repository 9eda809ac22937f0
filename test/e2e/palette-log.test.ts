/**
 * The command palette and the action log in berth's bundle, in a real pty against the sandbox
 * dockerd: `:` then `prn` finds prune and Enter opens its preview, as X would; a stop then shows
 * in the Actions pane (0) as `docker stop <id>` with its result, a refused rename with the
 * engine's own words, and `y` copies the selected row's command line.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `pal${process.pid}`;
const WAIT_MS = 30_000;
let session: PtySession | undefined;
let id = '';

before(async () => {
  // Stops at once: a shell as PID 1 ignores SIGTERM unless it traps it (sleep alone waits out the grace period).
  id = (await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-box`, env.images.busybox, 'sh', '-c', 'trap "exit 0" TERM; while :; do sleep 1; done'])).trim().slice(0, 12);
  await sandboxDocker(['create', '--network', 'none', '--name', `${tag}-taken`, env.images.busybox]);
});

after(async () => {
  await session?.stop();
  await sandboxDocker(['rm', '-f', `${tag}-box`, `${tag}-taken`]).catch(() => undefined);
});

test(': prn Enter opens prune’s preview; a stop is in the Actions pane as docker stop <id>, a refused rename with the engine’s words; y copies a row’s command', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 30 });
  session = b;
  await b.waitFor(`${tag}-box`, WAIT_MS);
  await b.type('/', ...`${tag}-box`, key.enter);
  await b.waitFor((s) => s.includes(`filter "${tag}-box"`), WAIT_MS);

  // The palette: prune first for `prn`, with its key; Enter does what X does.
  await b.type(':', 'p', 'r', 'n');
  // `pr` already puts prune first: wait for all three letters, then read the list.
  const palette = await b.waitFor((s) => /^:prn/m.test(s) && /› X\s+prune\s+prune:/.test(s), WAIT_MS);
  assert.match(palette, /^:prn/m);
  await b.type(key.enter);
  await b.waitFor(/Prune stopped containers\?/, WAIT_MS);
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('Prune stopped containers'), WAIT_MS);

  // A rename the engine refuses (the name is taken), then a stop.
  await b.type('N');
  await b.waitFor(`Rename ${tag}-box`, WAIT_MS);
  await b.type('\u0015', ...`${tag}-taken`, key.enter);
  await b.waitFor(/Conflict|already in use/, WAIT_MS);
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes(`Rename ${tag}-box`), WAIT_MS);
  await b.type('s');
  await b.waitFor(new RegExp(`Stop ${tag}-box \\([0-9a-f]{12}\\)\\?`), WAIT_MS);
  await b.type(key.enter);
  await b.waitFor(new RegExp(`stopped ${tag}-box`), WAIT_MS);

  await b.type('0');
  const log = await b.waitFor((s) => new RegExp(`docker stop ${id}\\s+ok`).test(s), WAIT_MS);
  assert.match(log, /0 Actions/);
  assert.match(log, /\d{2}:\d{2}:\d{2}/, 'when');
  assert.match(log, /2 changes asked this session, 1 failed/);
  assert.match(log, new RegExp(`docker rename ${id} ${tag}-taken\\s+✗ .*(Conflict|already in use)`));
  const lines = log.split('\n');
  assert.ok(lines.findIndex((l) => l.includes('docker stop')) < lines.findIndex((l) => l.includes('docker rename')), 'newest first');
  // The newest row is selected (the cursor stays on the top row until moved): y puts its line on the clipboard (OSC 52).
  await b.type('y');
  await b.waitFor(`copied docker stop ${id}`, WAIT_MS);
  assert.ok(b.raw.includes(`\u001b]52;c;${Buffer.from(`docker stop ${id}`).toString('base64')}\u0007`));
  // On the refused rename, the engine's whole answer under the table (its column cuts it short).
  await b.type('j');
  await b.waitFor(new RegExp(`^✗ .*${tag}-taken.* is already in use`, 'm'), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
