import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { EngineError } from '../../src/engine/errors.ts';
import type { EngineEvent, PullMessage } from '../../src/engine/types.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

// Every operation of the spec, through berth's engine client, against the real sandbox engine.
const env = sandboxEnv();
const podman = env.engine === 'podman';
/** Podman stores short names fully qualified, and lists them so. */
const qualified = (ref: string) => (podman ? `docker.io/${ref}` : ref);
const client = new EngineClient({ host: env.dockerHost, env: {} });
const created: string[] = [];
const tag = `cli${process.pid}`;

after(async () => {
  for (const id of created) await client.removeContainer(id, { force: true }).catch(() => undefined);
  await client.close();
});

async function collectLogs(id: string) {
  const out = { stdout: '', stderr: '' };
  for await (const chunk of client.logs(id, { stdout: true, stderr: true })) out[chunk.stream] += chunk.data.toString('utf8');
  return out;
}

test('negotiates the version from /_ping and prefixes it', async () => {
  const result = await client.connect();
  assert.match(result.negotiated, /^1\.\d+$/);
  assert.equal(client.apiVersion, result.negotiated);
  const version = await client.version();
  assert.equal(version.ApiVersion, '1.41');
  const identity = await client.identify();
  assert.equal(identity.kind, env.engine);
  assert.match(identity.version ?? '', podman ? /^4\.\d+\.\d+/ : /^20\.10\./);
});

test('the repeated ping (is the engine still answering?) is answered on the kept-alive connection, not a new one each time', async () => {
  const fresh = new EngineClient({ host: env.dockerHost, env: {} });
  let connections = 0;
  const count = () => void connections++;
  diagnostics.subscribe('undici:client:connected', count);
  try {
    const first = await fresh.ping();
    assert.match(first.apiVersion ?? '', /^1\.\d+$/);
    for (let i = 0; i < 9; i++) await fresh.ping();
    // dockerd answers HEAD /_ping with `Connection: close`: ten HEADs were ten connections. A ping
    // sent the moment the last one's answer is read may find its connection not yet back in the
    // pool and open a second; from then on the two are reused.
    assert.ok(connections <= 2, `${connections} connections for 10 pings`);
  } finally {
    diagnostics.unsubscribe('undici:client:connected', count);
    await fresh.close();
  }
});

test('run sequence: create → wait (next-exit) → start → wait result → logs, stdout and stderr apart', async () => {
  const { Id, Warnings } = await client.createContainer(
    { Image: env.images.busybox, Cmd: ['sh', '-c', 'echo out; echo err >&2; exit 3'], Tty: false },
    { name: `${tag}-run` },
  );
  created.push(Id);
  assert.match(Id, /^[0-9a-f]{64}$/);
  assert.ok(Array.isArray(Warnings));
  const { result } = await client.beginWait(Id, 'next-exit');
  assert.deepEqual(await client.startContainer(Id), { alreadyRunning: false });
  assert.equal((await result).StatusCode, 3);
  assert.deepEqual(await collectLogs(Id), { stdout: 'out\n', stderr: 'err\n' });
});

test('a TTY container logs raw on stdout', async () => {
  const { Id } = await client.createContainer({ Image: env.images.busybox, Cmd: ['sh', '-c', 'echo hello'], Tty: true });
  created.push(Id);
  await client.startContainer(Id);
  await client.waitContainer(Id);
  const logs = await collectLogs(Id);
  assert.match(logs.stdout, /hello/);
  assert.equal(logs.stderr, '');
});

test('detached run, running vs all listings, start twice is not an error, stop and stop again', async () => {
  const { Id } = await client.createContainer({ Image: env.images.busybox, Cmd: ['sleep', '300'] }, { name: `${tag}-sleep` });
  created.push(Id);
  await client.startContainer(Id);
  assert.deepEqual(await client.startContainer(Id), { alreadyRunning: true });
  const running = await client.listContainers();
  const entry = running.find((c) => c.Id === Id);
  assert.ok(entry, 'listed as running');
  assert.deepEqual(entry.Names, [`/${tag}-sleep`]);
  assert.equal(entry.Image, qualified(env.images.busybox));
  // The first frame's list goes out before the version is negotiated, at the engine's own version.
  const early = new EngineClient({ host: env.dockerHost, env: {} });
  try {
    const unversioned = await early.listContainers({ unversioned: true });
    assert.deepEqual(unversioned.find((c) => c.Id === Id)?.Names, [`/${tag}-sleep`], 'an unversioned list shows it too');
    assert.equal(early.apiVersion, undefined, 'without a round trip to /_ping first');
  } finally {
    await early.close();
  }
  assert.deepEqual(await client.stopContainer(Id, { timeout: 1 }), { alreadyStopped: false });
  assert.deepEqual(await client.stopContainer(Id, { timeout: 1 }), { alreadyStopped: true });
  assert.ok(!(await client.listContainers()).some((c) => c.Id === Id), 'gone from the running list');
  assert.ok((await client.listContainers({ all: true })).some((c) => c.Id === Id), 'still in the list of all');
});

test('an unchanged list answer is the same frozen array; a changed one is new', async () => {
  const name = `${tag}-memo`;
  const { Id } = await client.createContainer({ Image: env.images.busybox, Cmd: ['sleep', '300'] }, { name });
  created.push(Id);
  // Filtered to this container so other files' work on the shared engine cannot change the answer.
  const query = { all: true, filters: { name: [name] } };
  const first = await client.listContainers(query);
  assert.deepEqual(first.map((c) => c.Id), [Id]);
  assert.equal(await client.listContainers(query), first, 'identical bytes give the same array');
  assert.ok(Object.isFrozen(first));
  assert.notEqual(await client.listContainers({ ...query, all: false }), first, 'another query is another answer');
  await client.startContainer(Id);
  const second = await client.listContainers(query);
  assert.notEqual(second, first);
  assert.equal(second[0]?.State, 'running');
  const images = await client.listImages();
  assert.equal(await client.listImages(), images);
});

test('images list Id as sha256:<64 hex>, and ParentId too on Docker (bare hex on Podman)', async () => {
  const images = await client.listImages();
  assert.ok(images.length > 0);
  for (const image of images) {
    assert.match(image.Id, /^sha256:[0-9a-f]{64}$/);
    if (image.ParentId) assert.match(image.ParentId, podman ? /^[0-9a-f]{64}$/ : /^sha256:[0-9a-f]{64}$/);
  }
});

test('commit by a 10-character id prefix creates a listed image', async () => {
  const { Id } = await client.createContainer({ Image: env.images.busybox, Cmd: ['sh', '-c', 'echo x > /marker'] });
  created.push(Id);
  await client.startContainer(Id);
  await client.waitContainer(Id);
  const repo = `berth-test/committed-${process.pid}`;
  const image = await client.commitContainer({ container: Id.slice(0, 10), repo, tag: 'v1', comment: 'from the test', author: 'berth' });
  assert.match(image.Id, /^sha256:[0-9a-f]{64}$/);
  const listed = (await client.listImages()).find((i) => i.Id === image.Id);
  assert.ok(listed?.RepoTags?.includes(qualified(`${repo}:v1`)), JSON.stringify(listed?.RepoTags));
  await client.removeImage(`${repo}:v1`, { force: true });
});

test('pull with credentials streams per-layer progress; the image is listed afterwards', async () => {
  const auth = { username: env.registry.username, password: env.registry.password, serveraddress: env.registry.address };
  const [fromImage] = env.images.multiLayer.split(/:(?=[^:/]+$)/);
  // Other files share this engine: make sure nothing of the image is local, so layers download.
  await client.removeImage(env.images.multiLayer, { force: true }).catch(() => undefined);
  const messages: PullMessage[] = [];
  for await (const message of client.pullImage(fromImage!, { tag: 'latest', auth })) messages.push(message);
  if (podman) {
    // Podman 4.3 sends only Pulling fs layer / Download complete per layer (byte progress at most
    // once a second, so none on a quick local pull), no Extracting or Pull complete, and no
    // Status: line: its last message is "Download complete" with the image id.
    const layers = new Set(messages.filter((m) => m.status === 'Pulling fs layer').map((m) => m.id));
    assert.ok(layers.size >= 2, `several layers announced, saw ${layers.size}`);
    assert.ok(!messages.some((m) => /^(Status: |Pull complete|Extracting)/.test(m.status ?? '')));
    assert.equal(messages.at(-1)?.status, 'Download complete');
  } else {
    const layers = new Set(messages.filter((m) => m.status === 'Downloading' && (m.progressDetail?.total ?? 0) > 0).map((m) => m.id));
    assert.ok(layers.size >= 2, `per-layer progress for several layers, saw ${layers.size}`);
    assert.ok(messages.some((m) => /^Status: /.test(m.status ?? '')));
  }
  assert.ok((await client.listImages()).some((i) => i.RepoTags?.includes(env.images.multiLayer)));
  await client.removeImage(env.images.multiLayer, { force: true });
});

test('pull without credentials and with a wrong password surfaces the registry error', async () => {
  const [fromImage] = env.images.multiLayer.split(/:(?=[^:/]+$)/);
  const drain = async (auth?: { username: string; password: string; serveraddress: string }) => {
    for await (const _ of client.pullImage(fromImage!, { tag: 'latest', auth })) void _;
  };
  await assert.rejects(drain(), (e: unknown) => e instanceof EngineError && /auth|denied|credentials/i.test(e.message));
  await assert.rejects(
    drain({ username: env.registry.username, password: 'wrong-password', serveraddress: env.registry.address }),
    (e: unknown) => e instanceof EngineError && /auth|denied|unauthorized/i.test(e.message) && !e.message.includes('wrong-password'),
  );
});

test('events arrive for start and die', async () => {
  const abort = new AbortController();
  const seen: EngineEvent[] = [];
  const since = Math.floor(Date.now() / 1000) - 1;
  const watching = (async () => {
    try {
      for await (const event of client.events({ since, signal: abort.signal, filters: { type: ['container'] } })) {
        seen.push(event);
        if (event.Action === 'die' && event.Actor?.Attributes?.name === `${tag}-ev`) abort.abort();
      }
    } catch (error) {
      if (!(error instanceof EngineError && error.code === 'ABORTED')) throw error;
    }
  })();
  const { Id } = await client.createContainer({ Image: env.images.busybox, Cmd: ['true'] }, { name: `${tag}-ev` });
  created.push(Id);
  await client.startContainer(Id);
  await Promise.race([watching, new Promise((_, reject) => setTimeout(() => reject(new Error('no die event')), 10_000))]);
  const actions = seen.filter((e) => e.Actor?.ID === Id).map((e) => e.Action);
  assert.ok(actions.includes('start'));
  assert.ok(actions.includes('die'));
});

test('a missing image is NOT_FOUND (404) and a name conflict is CONFLICT (409; 500 on Podman), with the engine message', async () => {
  await assert.rejects(client.createContainer({ Image: 'berth-test/does-not-exist:nope' }), (e: unknown) => {
    assert.ok(e instanceof EngineError);
    assert.equal(e.code, 'NOT_FOUND');
    assert.equal(e.status, 404);
    // Podman's words: "no such image: docker.io/berth-test/does-not-exist:nope: image not known".
    assert.match(e.message, podman ? /no such image: docker\.io\/berth-test\/does-not-exist:nope/ : /No such image: berth-test\/does-not-exist:nope/);
    return true;
  });
  await assert.rejects(client.createContainer({ Image: env.images.busybox }, { name: `${tag}-sleep` }), (e: unknown) => {
    assert.ok(e instanceof EngineError);
    assert.equal(e.code, podman ? 'SERVER' : 'CONFLICT');
    assert.equal(e.status, podman ? 500 : 409);
    assert.match(e.message, /is already in use/);
    return true;
  });
});

test('an unreachable engine is reported with a hint, not a crash', async () => {
  const nowhere = new EngineClient({ host: `unix://${env.dir}/missing.sock`, env: {} });
  await assert.rejects(nowhere.listContainers(), (e: unknown) => e instanceof EngineError && e.code === 'UNREACHABLE' && e.isUnreachable && !!e.hint);
  await nowhere.close();
  // The sandbox's own CLI still sees the containers this file created.
  assert.match(await sandboxDocker(['ps', '-a', '--format', '{{.Names}}']), new RegExp(`${tag}-sleep`));
});
