/**
 * The pull dialog that knows the registry, and the newer-version marker, in berth's bundle in a
 * real pty against the sandbox engine and its registry (Docker: the sandbox registry's address is
 * one berth itself reaches; Podman's is an address only Podman's network reaches). Two versions of
 * one repository are pushed, `1.0` and `1.2`, and a container runs `1.0`: the container carries
 * `⇞1.2` (its registry's tag list, asked by the freshness source); in the pull dialog, the
 * repository typed with the registry's host is listed from the catalog, and picking it lists its
 * tags newest version first; a plain term asks the engine's index (offline: the dialog says so).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `pullsearch${process.pid}`;
const repo = `${env.registry.address}/berth/${tag}`;
const app = `${tag}-app`;
const sessions: PtySession[] = [];
const images: string[] = [];
const WAIT_MS = 30_000;
const LOOP = 'trap "exit 0" TERM; while :; do sleep 1; done';
/** Ctrl-U: the field emptied. */
const CLEAR = '\u0015';

/** `repo:version`, an image told apart by one file, pushed to the sandbox registry. */
async function pushVersion(version: string): Promise<void> {
  const maker = `${tag}-mk${version}`;
  await sandboxDocker(['run', '--name', maker, env.images.busybox, 'sh', '-c', `echo ${version} > /version`]);
  images.push((await sandboxDocker(['commit', maker, `${repo}:${version}`])).trim());
  await sandboxDocker(['rm', maker]);
  await sandboxDocker(['push', `${repo}:${version}`]);
}

before(async () => {
  await pushVersion('1.0');
  await pushVersion('1.2');
  await sandboxDocker(['run', '-d', '--name', app, `${repo}:1.0`, 'sh', '-c', LOOP]);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', app]).catch(() => undefined);
  for (const id of images) await sandboxDocker(['rmi', '-f', id]).catch(() => undefined);
});

test('a container running 1.0 while 1.2 exists is marked ⇞1.2; the pull dialog lists the repository from the catalog and its tags newest first', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, BERTH_FRESHNESS_MS: '100', NO_COLOR: '1' }, cols: 160, rows: 40 });
  sessions.push(b);
  await b.waitFor(app, WAIT_MS);
  await b.type('/', ...app, key.enter);
  await b.waitFor((s) => s.split('\n').some((line) => line.includes(app) && line.includes(`⇞1.2 ${repo}:1.0`)), WAIT_MS);

  // The repository typed with its registry's host: the catalog lists it.
  await b.type('p', ...repo);
  let screen = await b.waitFor((s) => /catalog: 1 repository/.test(s), WAIT_MS);
  assert.ok(screen.split('\n').some((line) => line.includes(`  ${repo}`)), 'the repository is a row of the list');
  // ↓ into the list, Enter picks it: its tags, newest version first.
  await b.type(key.down, key.enter);
  screen = await b.waitFor((s) => /newest versions first: 2/.test(s), WAIT_MS);
  const lines = screen.split('\n');
  const at = (version: string) => lines.findIndex((line) => new RegExp(`│\\s+${version.replace('.', '\\.')}\\s+│`).test(line));
  assert.ok(at('1.2') > 0 && at('1.0') > at('1.2'), `1.2 above 1.0:\n${screen}`);
  // Picking a tag writes the whole reference into the field.
  await b.type(key.down, key.enter);
  await b.waitFor(`pulls ${repo}:1.2`, WAIT_MS);
  // A plain term goes to the engine's index search: Docker Hub answers, or (the sandbox is
  // usually offline) the dialog says the index cannot be reached and still pulls what is typed.
  await b.type(CLEAR, ...'alpine');
  screen = await b.waitFor((s) => s.includes('the index cannot be reached') || /Docker Hub: \d+ repositor/.test(s), WAIT_MS);
  assert.match(screen, /pulls docker\.io\/library\/alpine:latest/);
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('Pull an image'), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});
