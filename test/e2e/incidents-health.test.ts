/**
 * An unhealthy container in a real pty against the sandbox dockerd: its health check fails, it
 * becomes an incident whose card shows the failing probes' output, and its row in the Containers
 * pane gets the unhealthy marker and colour. Docker only: Podman runs health checks from systemd
 * timers the sandbox does not have, so there it never turns unhealthy (the rest of the incidents
 * run on both engines in incidents.test.ts).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { colourOf, rowOf } from '../support/screen-rows.ts';

const env = sandboxEnv();
const tag = `inch${process.pid}`;
const sessions: PtySession[] = [];
const WAIT_MS = 30_000;
const names = { sick: `${tag}-sick`, fine: `${tag}-fine` };

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', ...Object.values(names)]).catch(() => undefined);
});

test('a failing health check makes an incident with the probes output, and the row its unhealthy marker and colour', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 200, rows: 40 });
  sessions.push(b);
  await b.waitFor('● live', WAIT_MS);
  const run = (...args: string[]) => sandboxDocker(['run', '-d', '--network', 'none', ...args]);
  await run('--name', names.sick, '--health-cmd', 'echo probe failed; exit 1', '--health-interval', '1s', '--health-retries', '1', env.images.busybox, 'sleep', '3600');
  await run('--name', names.fine, env.images.busybox, 'sleep', '3600');

  await b.type('9', '/', ...tag, '\r');
  await b.waitFor((s) => /⚠.*unhealthy/.test(rowOf(s, names.sick)), WAIT_MS);
  // Its card: the failing probes' output.
  await b.type(key.enter);
  await b.waitFor((s) => /health checks/.test(s) && /exit 1\s+probe failed/.test(s), WAIT_MS);
  await b.type(key.escape);

  // Sorted by name, g selects the healthy one (…-fine sorts first), so the unhealthy row shows its
  // own colour (red) and marker; T keeps it and hides the healthy one.
  await b.type('1', '/', ...tag, '\r', 'o', 'g');
  await b.waitFor((s) => rowOf(s, names.sick).includes(`⚠ ${names.sick}`) && rowOf(s, names.fine) !== '' && colourOf(b, `⚠ ${names.sick}`) === 1, WAIT_MS);
  assert.doesNotMatch(rowOf(b.screen(), names.fine), /[⚠↻✕]/);
  await b.type('T');
  await b.waitFor((s) => rowOf(s, names.sick) !== '' && rowOf(s, names.fine) === '', WAIT_MS);
  await b.type('T');
  await b.waitFor((s) => rowOf(s, names.fine) !== '', WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
