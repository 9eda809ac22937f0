/**
 * The workspace (issue 51) in a real pty against the sandbox dockerd, through a proxy that counts
 * the followed log streams berth holds open (test/support/counting-proxy.ts): NAME sorted the
 * other way round (`O`) is `docker ps | sort -r` of the test's own containers; with the split panel
 * on, twenty rows passed in one burst of keys leave exactly one followed stream open, the last
 * row's, whose lines the panel shows; and a column set hidden, added and moved in the chooser
 * (`,`) is what the next start of berth shows, read back from config.json.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `ws${process.pid}`;
const names = Array.from({ length: 20 }, (_, i) => `${tag}-c${String(i + 1).padStart(2, '0')}`);
const WAIT_MS = 30_000;
const sessions: PtySession[] = [];
let proxy: CountingProxy | undefined;
const configHome = mkdtempSync(join(tmpdir(), 'berth-e2e-workspace-'));
mkdirSync(join(configHome, 'berth'));

function launch(dockerHost: string): PtySession {
  const b = launchBerth({ env: { DOCKER_HOST: dockerHost, DOCKER_CONFIG: env.clientConfigDir, XDG_CONFIG_HOME: configHome, NO_COLOR: '1' }, cols: 160, rows: 40 });
  sessions.push(b);
  return b;
}

/** Our containers' names in the order the list draws them (left of the split panel's border, when it is on). */
function shownOrder(screen: string): string[] {
  return screen.split('\n').flatMap((line) => {
    const list = line.split('│')[0] ?? '';
    return names.filter((n) => new RegExp(`\\b${n}\\b`).test(list) && !list.includes(`line-of-${n}`)).slice(0, 1);
  });
}

/** Waits until `check` holds (the proxy sees berth's connections close a moment after berth closes them). */
async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One request to the sandbox engine's API (twenty `docker run`s are twenty CLI processes: seconds on a loaded machine). */
function engine(method: string, path: string, body?: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: env.socketPath, method, path, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => ((res.statusCode ?? 500) < 300 ? resolve(text) : reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function run(name: string): Promise<void> {
  const config = { Image: env.images.busybox, Cmd: ['sh', '-c', `echo line-of-${name}; exec sleep 3600`], StopSignal: 'SIGKILL', HostConfig: { NetworkMode: 'none' } };
  const { Id } = JSON.parse(await engine('POST', `/containers/create?name=${name}`, config)) as { Id: string };
  await engine('POST', `/containers/${Id}/start`);
}

before(async () => {
  const started = Date.now();
  await Promise.all(names.map(run));
  proxy = await startCountingProxy(env.socketPath);
  console.log(`# ${names.length} containers made in ${Date.now() - started} ms`);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await proxy?.close();
  await sandboxDocker(['rm', '-f', ...names]).catch(() => undefined);
  rmSync(configHome, { recursive: true, force: true });
});

test('NAME reversed is docker ps | sort -r; the split panel over a burst of 20 rows holds one followed stream, the last row’s; chosen columns survive a restart', { timeout: 120_000 }, async (t) => {
  const counted = proxy as CountingProxy;
  const b = launch(counted.dockerHost);
  await b.type('/', ...`${tag}-c`, key.enter);
  await b.waitFor((s) => names.every((n) => s.includes(n)), WAIT_MS);

  // `o` walks the shown columns to NAME (▲), `O` turns it (▼).
  // From the engine's order (CREATED) to the first shown column that orders: NAME.
  await b.type('o');
  await b.waitFor(/NAME ▲/, WAIT_MS);
  await b.type('O');
  const reversed = await b.waitFor((s) => /NAME ▼/.test(s) && shownOrder(s).length === names.length, WAIT_MS);
  const listed = (await sandboxDocker(['ps', '--filter', `name=${tag}-c`, '--format', '{{.Names}}'])).split('\n').map((n) => n.trim()).filter(Boolean);
  // `sort -r`: these names differ only in their two digits, so byte order is the shell's order.
  assert.deepEqual(shownOrder(reversed), [...listed].sort().reverse());

  // The panel beside the list, on the first row: its logs followed.
  await b.type('g', '|');
  const first = shownOrder(reversed)[0] as string;
  const last = shownOrder(reversed).at(-1) as string;
  await b.waitFor(`line-of-${first}`, WAIT_MS);
  await until(() => counted.followedLogs().length === 1, 'the first row’s stream open');
  const openedBefore = counted.opened().length;
  // Twenty rows in one burst: one read of keys.
  const started = Date.now();
  b.write('j'.repeat(names.length - 1));
  await b.waitFor((s) => s.includes(`line-of-${last}`) && !s.includes(`line-of-${first}`), WAIT_MS);
  t.diagnostic(`the last row's lines shown ${Date.now() - started} ms after the burst`);
  const lastId = (await sandboxDocker(['inspect', '--format', '{{.Id}}', last])).trim();
  await until(() => counted.followedLogs().length === 1, `one followed stream open (open: ${counted.followedLogs().length})`);
  assert.deepEqual(counted.followedLogs(), [lastId], 'the one stream open is the last row’s');
  const during = counted.opened().slice(openedBefore);
  assert.ok(during.length <= 2, `the rows passed opened no stream of their own (${during.length} opened)`);

  // The chooser: CONTAINER ID hidden, COMMAND added and moved before STATUS.
  await b.type(',');
  await b.waitFor('Columns of Containers', WAIT_MS);
  await b.type(' ');
  await b.waitFor('[ ] CONTAINER ID', WAIT_MS);
  // The cursor stays on CONTAINER ID, now first of the hidden ones; COMMAND is twelve rows below.
  await b.type(...Array<string>(12).fill('j'));
  await b.waitFor(/› \[ \] COMMAND/, WAIT_MS);
  await b.type(' ');
  await b.waitFor('[x] COMMAND', WAIT_MS);
  await b.type('K', 'K', 'K', key.escape);
  await b.waitFor((s) => !s.includes('Columns of Containers') && /NAME.*IMAGE.*STATE.*COMMAND.*STATUS/.test(s), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);

  const kept = JSON.parse(readFileSync(join(configHome, 'berth', 'config.json'), 'utf8')) as { workspace?: { panel?: string; columns?: Record<string, string[]>; sorts?: Record<string, unknown> } };
  assert.equal(kept.workspace?.panel, 'beside');
  assert.deepEqual(kept.workspace?.sorts?.containers, { by: 'name', reversed: true });
  assert.deepEqual(kept.workspace?.columns?.containers, ['name', 'image', 'state', 'command', 'status', 'created', 'ports']);

  // The next start: the same columns in the same order, NAME reversed, the panel beside the list again.
  const again = launch(env.dockerHost);
  await again.type('/', ...`${tag}-c`, key.enter);
  const header = await again.waitFor((s) => names.some((n) => s.includes(`line-of-${n}`)) && /NAME.*IMAGE.*STATE.*COMMAND.*STATUS/.test(s), WAIT_MS);
  assert.ok(!header.includes('CONTAINER ID'), 'CONTAINER ID stays hidden');
  assert.match(header, /NAME ▼/, 'the order as it was left');
  assert.deepEqual(shownOrder(header), [...listed].sort().reverse());
  await again.type('q');
  assert.equal((await again.exited).exitCode, 0);
});
