/**
 * The pull manager against a real HTTP server on a unix socket that plays back the recorded
 * engine streams, through berth's real engine client: credentials, headers, chunked NDJSON,
 * HTTP errors, cancellation and the throttled store are all the real thing. The sandbox
 * engine itself is exercised by pull-manager.int.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { inspect } from 'node:util';
import { EngineClient } from '../../../src/engine/client.ts';
import { InvalidReferenceError, PullManager } from '../../../src/state/pulls/pull-manager.ts';
import type { PullState } from '../../../src/state/pulls/pull-reducer.ts';

const REGISTRY = '127.0.0.1:41631'; // the address the fixtures were recorded with
const REPO = `${REGISTRY}/berth/layers`;
const PASSWORD = 'config-file-secret-Qx7';
const TYPED_PASSWORD = 'typed-secret-Zr4';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.ndjson`, import.meta.url));

interface Seen {
  path: string;
  auth?: Record<string, string>;
  closed: boolean;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void | Promise<void>;

let dir: string;
let server: http.Server;
let handler: Handler;
let requests: Seen[];
let client: EngineClient;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'berth-pull-test-'));
  const configDir = path.join(dir, 'docker-config');
  const socket = path.join(dir, 'engine.sock');
  // A docker CLI config that holds credentials for the fixture registry.
  const auth = Buffer.from(`berth:${PASSWORD}`).toString('base64');
  mkdirSync(configDir);
  writeFileSync(path.join(configDir, 'config.json'), JSON.stringify({ auths: { [REGISTRY]: { auth } } }));
  server = http.createServer((req, res) => {
    const header = req.headers['x-registry-auth'];
    const seen: Seen = { path: req.url ?? '', closed: false };
    if (typeof header === 'string') seen.auth = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, string>;
    res.on('close', () => (seen.closed = true));
    requests.push(seen);
    void handler(req, res, seen);
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  client = new EngineClient({ host: `unix://${socket}`, apiVersion: '1.41', env: { DOCKER_CONFIG: configDir }, homedir: dir });
});

after(async () => {
  await client.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  requests = [];
});

/** Plays a fixture back one line at a time, `gapMs` apart, as a 200 stream. */
function stream(body: Buffer, gapMs = 0): Handler {
  return async (_req, res, seen) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const lines = body.toString('utf8').split(/(?<=\n)/);
    for (const line of lines) {
      if (seen.closed) return;
      res.write(line);
      if (gapMs > 0) await delay(gapMs);
    }
    res.end();
  };
}

function status(code: number, message: string): Handler {
  return (_req, res) => {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(`${JSON.stringify({ message })}\n`);
  };
}

function manager(extra: { onPulled?: (p: PullState) => void; throttleMs?: number } = {}) {
  return new PullManager({ client, ...extra });
}

async function finished(pulls: PullManager, id: string): Promise<PullState> {
  const state = await pulls.settled(id);
  assert.ok(state);
  return state;
}

test('pulls with credentials from config.json, folds every layer, and reports success once', async () => {
  handler = stream(fixture('fresh'));
  const pulled: PullState[] = [];
  const pulls = manager({ onPulled: (p) => pulled.push(p) });
  const id = pulls.start({ reference: `${REPO}` });
  assert.equal(pulls.store.getState().pulls[0]?.status, 'running', 'a new pull is shown at once');
  const state = await finished(pulls, id);
  assert.equal(state.status, 'done');
  assert.equal(state.layerIds.length, 5);
  assert.deepEqual(state.header, ['Using default tag: latest', 'latest: Pulling from berth/layers']);
  assert.match(state.footer.join('\n'), /Status: Downloaded newer image/);
  assert.equal(pulled.length, 1);
  assert.equal(pulled[0]?.id, id);
  assert.equal(pulls.store.getState().pulls[0], state, 'the ending is published at once');
  assert.equal(requests.length, 1);
  assert.match(requests[0]?.path ?? '', /^\/v1\.41\/images\/create\?fromImage=127\.0\.0\.1%3A41631%2Fberth%2Flayers&tag=latest$/);
  assert.deepEqual(requests[0]?.auth, { serveraddress: REGISTRY, username: 'berth', password: PASSWORD });
});

test('typed credentials replace the ones found, for this registry', async () => {
  handler = stream(fixture('up-to-date'));
  const pulls = manager();
  const id = pulls.start({ reference: `${REPO}:latest`, auth: { username: 'someone', password: TYPED_PASSWORD } });
  const state = await finished(pulls, id);
  assert.equal(state.status, 'done');
  assert.deepEqual(state.header, ['latest: Pulling from berth/layers'], 'a typed tag is not announced');
  assert.deepEqual(requests[0]?.auth, { serveraddress: REGISTRY, username: 'someone', password: TYPED_PASSWORD });
});

test('a pull on a fleet’s other engine runs through that engine’s client, under its name; the same image on the engine shown is another pull', async () => {
  handler = stream(fixture('up-to-date'));
  const pulls = new PullManager({ client, engine: 'docker' });
  const used: string[] = [];
  // The other engine's client: the same server here, each pull through it written down.
  const other = {
    pullImage: (fromImage: string, options: Parameters<EngineClient['pullImage']>[1]) => {
      used.push(fromImage);
      return client.pullImage(fromImage, options);
    },
    resolveCredentials: (ref: string) => client.resolveCredentials(ref),
  };
  const there = pulls.start({ reference: `${REPO}:latest`, on: { client: other, engine: 'podman' } });
  const here = pulls.start({ reference: `${REPO}:latest` });
  assert.notEqual(here, there);
  const state = await finished(pulls, there);
  await finished(pulls, here);
  assert.equal(state.status, 'done');
  assert.equal(state.engine, 'podman', 'the Pulls pane says which engine it is on');
  assert.deepEqual(used, [REPO], 'through the other engine’s client, once');
  assert.equal(requests.length, 2);
});

test('Docker Hub images are sent fully qualified, with Hub credentials keyed as the engine expects', async () => {
  handler = stream(fixture('up-to-date'));
  const pulls = manager();
  await finished(pulls, pulls.start({ reference: 'busybox', auth: { username: 'u', password: 'p' } }));
  assert.match(requests[0]?.path ?? '', /fromImage=docker\.io%2Flibrary%2Fbusybox&tag=latest$/);
  assert.equal(requests[0]?.auth?.serveraddress, 'https://index.docker.io/v1/');
});

test('an HTTP error ends the pull with the registry message; nothing is reported as pulled', async () => {
  handler = status(500, 'unauthorized: authentication required');
  const pulled: PullState[] = [];
  const pulls = manager({ onPulled: (p) => pulled.push(p) });
  const state = await finished(pulls, pulls.start({ reference: REPO, auth: { username: 'berth', password: 'wrong' } }));
  assert.equal(state.status, 'error');
  assert.equal(state.error, 'unauthorized: authentication required');
  assert.equal(pulled.length, 0);
});

test('an errorDetail inside a 200 stream ends the pull in error after the progress before it', async () => {
  const body = Buffer.from(
    [
      '{"status":"Pulling from berth/layers","id":"latest"}',
      '{"status":"Pulling fs layer","progressDetail":{},"id":"aaaaaaaaaaaa"}',
      '{"errorDetail":{"message":"unexpected EOF"},"error":"unexpected EOF"}',
      '',
    ].join('\n'),
  );
  handler = stream(body);
  const pulls = manager();
  const state = await finished(pulls, pulls.start({ reference: REPO }));
  assert.equal(state.status, 'error');
  assert.equal(state.error, 'unexpected EOF');
  assert.deepEqual(state.layerIds, ['aaaaaaaaaaaa']);
});

test('a second start of the same image focuses the running pull instead of starting another', async () => {
  handler = stream(fixture('fresh'), 5);
  const pulls = manager();
  const a = pulls.start({ reference: 'busybox' });
  const b = pulls.start({ reference: 'docker.io/library/busybox:latest' });
  const c = pulls.start({ reference: 'busybox:1.36' });
  assert.equal(b, a);
  assert.notEqual(c, a);
  assert.deepEqual(pulls.store.getState().pulls.map((p) => p.id), [c, a], 'newest first');
  await Promise.all([finished(pulls, a), finished(pulls, c)]);
  const d = pulls.start({ reference: 'busybox' });
  assert.notEqual(d, a, 'once it has ended, the same image can be pulled again');
  await finished(pulls, d);
});

test('a bad reference is refused with the reason, before any request', () => {
  const pulls = manager();
  assert.throws(() => pulls.start({ reference: 'Not Valid' }), InvalidReferenceError);
  assert.throws(() => pulls.start({ reference: 'MyUser/app' }), /lowercase/);
  assert.equal(pulls.store.getState().pulls.length, 0);
});

test('cancel aborts the request: the block says cancelled at once and nothing is reported as pulled', async () => {
  handler = stream(fixture('fresh'), 50);
  const pulled: PullState[] = [];
  const pulls = manager({ onPulled: (p) => pulled.push(p) });
  const id = pulls.start({ reference: REPO });
  await delay(150);
  assert.equal(pulls.isRunning(id), true);
  assert.equal(pulls.cancel(id), true);
  assert.equal(pulls.store.getState().pulls[0]?.status, 'cancelled');
  const state = await finished(pulls, id);
  assert.equal(state.status, 'cancelled');
  await delay(50);
  assert.equal(requests[0]?.closed, true, 'the engine saw the request go away');
  assert.equal(pulled.length, 0);
  assert.equal(pulls.cancel(id), false, 'cancelling twice does nothing');
});

test('dismiss removes finished blocks only', async () => {
  handler = stream(fixture('up-to-date'), 30);
  const pulls = manager();
  const id = pulls.start({ reference: REPO });
  assert.equal(pulls.dismiss(id), false, 'a running pull is not dismissed');
  await finished(pulls, id);
  assert.equal(pulls.dismiss(id), true);
  assert.deepEqual(pulls.store.getState().pulls, []);
  assert.equal(pulls.dismiss(id), false);
});

test('progress reaches subscribers at most about every 66 ms, however fast it arrives', async () => {
  // Every layer message repeated 40 times: ~1,800 messages in a few hundred ms.
  const lines = fixture('fresh').toString('utf8').split('\n').filter(Boolean);
  const flood = Buffer.from(lines.flatMap((l) => (l.includes('"id":"latest"') || !l.includes('"id"') ? [l] : Array<string>(40).fill(l))).join('\n') + '\n');
  handler = async (_req, res, seen) => {
    res.writeHead(200);
    for (let i = 0; i < flood.length && !seen.closed; i += 256) {
      res.write(flood.subarray(i, i + 256));
      await delay(1);
    }
    res.end();
  };
  const pulls = manager();
  const stamps: number[] = [];
  pulls.store.subscribe(() => stamps.push(Date.now()));
  const started = Date.now();
  const id = pulls.start({ reference: REPO });
  const state = await finished(pulls, id);
  const elapsed = Date.now() - started;
  assert.equal(state.status, 'done');
  // One for the start, one for the end, and progress at most once per 66 ms in between (with slack for timer jitter).
  assert.ok(stamps.length <= elapsed / 60 + 3, `${stamps.length} notifications in ${elapsed} ms`);
  assert.ok(stamps.length >= 3, 'progress was published on the way, not only at the end');
});

test('the password is kept nowhere once the pull has ended', async () => {
  handler = stream(fixture('up-to-date'));
  const pulls = manager();
  const id = pulls.start({ reference: REPO, auth: { username: 'berth', password: TYPED_PASSWORD } });
  await finished(pulls, id);
  const dump = inspect(pulls, { depth: 12, showHidden: true, getters: false });
  assert.doesNotMatch(dump, new RegExp(TYPED_PASSWORD));
  assert.doesNotMatch(dump, new RegExp(PASSWORD));
  assert.doesNotMatch(JSON.stringify(pulls.store.getState(), (_k, v: unknown) => (v instanceof Map ? [...v] : v)), /secret/);
});

test('stop cancels every running pull', async () => {
  handler = stream(fixture('fresh'), 50);
  const pulls = manager();
  const a = pulls.start({ reference: REPO });
  const b = pulls.start({ reference: 'busybox' });
  pulls.stop();
  assert.equal((await finished(pulls, a)).status, 'cancelled');
  assert.equal((await finished(pulls, b)).status, 'cancelled');
  assert.throws(() => pulls.start({ reference: 'alpine' }));
});

test('pushes of one repository go one after another (a registry races tags pushed at once); another repository’s goes beside them', async () => {
  let open = 0;
  let most = 0;
  const order: string[] = [];
  handler = async (req, res) => {
    const url = req.url ?? '';
    const repository = /\/images\/(.+)\/push/.exec(url)?.[1] ?? '';
    order.push(`${decodeURIComponent(repository)}:${new URL(url, 'http://x').searchParams.get('tag') ?? ''}`);
    if (repository.includes('one')) open += 1;
    most = Math.max(most, open);
    res.writeHead(200, { 'content-type': 'application/json' });
    await delay(60);
    res.end(`${JSON.stringify({ status: 'done' })}\n`);
    if (repository.includes('one')) open -= 1;
  };
  const pulls = manager();
  const ids = [`${REGISTRY}/one:1`, `${REGISTRY}/one:2`, `${REGISTRY}/two:1`, `${REGISTRY}/one:3`].map((reference) => pulls.start({ reference, push: true }));
  for (let i = 0; i < 200 && ids.some((id) => pulls.store.getState().pulls.find((p) => p.id === id)?.status === 'running'); i++) await delay(20);
  pulls.stop();
  assert.equal(most, 1, 'one push of repository one at a time');
  assert.deepEqual(order.filter((o) => o.includes('/one:')), [`${REGISTRY}/one:1`, `${REGISTRY}/one:2`, `${REGISTRY}/one:3`]);
  assert.ok(order.indexOf(`${REGISTRY}/two:1`) < order.indexOf(`${REGISTRY}/one:2`), 'the other repository did not wait');
});
