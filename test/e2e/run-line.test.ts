/**
 * The run dialog from a pasted `docker run` line, in berth's bundle in a real pseudo-terminal,
 * against the sandbox engine: the form fills, what berth does not build is named, the line is
 * copied with Ctrl-Y, and the container the engine makes has the ports, environment and bind
 * the line asked for (checked through inspect and on the disk). The engine's refusals (a bind
 * source that does not exist, a name in use) appear in its words with the form kept.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';

const env = sandboxEnv();
const tag = `runline${process.pid}`;
const dir = mkdtempSync(path.join(tmpdir(), 'berth-run-line-'));
let session: PtySession | undefined;

/** A bracketed paste, as a terminal sends one. */
function paste(b: PtySession, text: string): void {
  b.write(`\u001b[200~${text}\u001b[201~`);
}

after(async () => {
  await session?.stop();
  const ids = (await sandboxDocker(['ps', '-aq', '--filter', `name=${tag}`]).catch(() => '')).split('\n').filter(Boolean);
  if (ids.length > 0) await sandboxDocker(['rm', '-f', ...ids]).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

interface Inspected {
  Config: { Env: string[]; ExposedPorts?: Record<string, unknown> };
  HostConfig: { PortBindings: Record<string, { HostIp: string; HostPort: string }[]>; Binds: string[] | null };
}

test('a pasted docker run line: form filled, unsupported flags named, line copied, container as asked; refusals in the engine’s words', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 120, rows: 40 });
  session = b;
  await b.waitFor('● live');
  await b.type('r');
  await b.waitFor('Run a container');
  const line = `docker run -d --name ${tag}-web -p 18080:80 -e GREETING=hello -v ${dir}:/data --cap-add NET_ADMIN ${env.images.busybox} sh -c 'echo $GREETING > /data/out; sleep 60'`;
  paste(b, line);
  // The line the form makes is drawn under it, from the same fields: a frame can hold the form
  // before it (a loaded CI run read one), so both are waited for.
  let screen = await b.waitFor((s) => s.includes('not supported, left out: --cap-add') && /docker run --detach --name/.test(s));
  assert.match(screen, new RegExp(`name\\s+${tag}-web`));
  assert.match(screen, /ports -p\s+18080:80/);
  assert.match(screen, /env -e\s+GREETING=hello/);
  assert.match(screen, /detached\s+\[x\]/);
  assert.match(screen, /docker run --detach --name/);

  // Ctrl-Y copies the line the form makes (OSC 52), and types nothing into the field.
  await b.type('\u0019');
  await b.waitFor('copied the docker run line');
  const copied = /\u001b\]52;c;([A-Za-z0-9+/=]+)\u0007/.exec(b.raw)?.[1];
  assert.ok(copied, 'the line went to the clipboard');
  const text = Buffer.from(copied, 'base64').toString('utf8');
  assert.match(text, new RegExp(`^docker run --detach --name ${tag}-web --publish 18080:80 --env GREETING=hello --volume ${dir}:/data `));
  assert.match(text, /sh -c 'echo \$GREETING > \/data\/out; sleep 60'$/);

  await b.type(key.enter);
  await b.waitFor(`started ${tag}-web`, 20_000);
  const inspected = JSON.parse(await sandboxDocker(['inspect', `${tag}-web`])) as Inspected[];
  const c = inspected[0];
  assert.ok(c);
  assert.deepEqual(c.HostConfig.PortBindings, { '80/tcp': [{ HostIp: '', HostPort: '18080' }] });
  assert.ok(c.Config.Env.includes('GREETING=hello'));
  assert.deepEqual(c.HostConfig.Binds, [`${dir}:/data`]);
  // The command ran with its environment, through the bind.
  for (let i = 0; i < 100 && !readOut(); i++) await delay(100);
  assert.equal(readOut(), 'hello\n');

  // A bind source that does not exist: the engine's words, the form as pasted.
  await b.type('r');
  await b.waitFor('Run a container');
  paste(b, `docker run --name ${tag}-bad --mount type=bind,source=${dir}/missing,target=/x ${env.images.busybox} true`);
  await b.waitFor(new RegExp(`name\\s+${tag}-bad`));
  await b.type(key.enter);
  await b.waitFor('bind source path does not exist', 15_000);
  // Shift-Tab from the image wraps to the last options: six of them up is the mounts row.
  await b.type(...Array<string>(6).fill('\u001b[Z'));
  screen = await b.waitFor(/› mounts/);
  assert.match(screen, /bind source path does not exist/);
  // The field scrolls to its end, where the cursor is.
  assert.match(screen, new RegExp(`› mounts .*source=${dir}/missing,target=/x`), 'the form keeps what was pasted');

  // A name in use: the engine's words, nothing made.
  paste(b, `docker run --name ${tag}-web ${env.images.busybox} true`);
  await b.waitFor(new RegExp(`name\\s+${tag}-web`));
  await b.type(key.enter);
  screen = await b.waitFor(/Conflict/, 15_000);
  assert.match(screen, new RegExp(`${tag}-web`));
  const made = (await sandboxDocker(['ps', '-aq', '--filter', `name=${tag}`])).split('\n').filter(Boolean);
  assert.equal(made.length, 1, 'only the first run made a container');
});

function readOut(): string | undefined {
  try {
    return readFileSync(path.join(dir, 'out'), 'utf8');
  } catch {
    return undefined;
  }
}
