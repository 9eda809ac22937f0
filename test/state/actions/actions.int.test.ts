/**
 * The run, stop, start, restart, commit and remove actions against the real sandbox engine. Every container and image
 * made here carries a unique name and is removed at the end, even when a test fails.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { EngineClient } from '../../../src/engine/client.ts';
import { EngineError, isEngineError } from '../../../src/engine/errors.ts';
import type { LogLine } from '../../../src/state/logs/types.ts';
import { commitContainer } from '../../../src/state/actions/commit-container.ts';
import { isMissingImage, runContainer } from '../../../src/state/actions/run-container.ts';
import { removalTarget, removeContainer, removeImage } from '../../../src/state/actions/remove.ts';
import { restartContainer, startContainer } from '../../../src/state/actions/start-container.ts';
import { stopContainer } from '../../../src/state/actions/stop-container.ts';
import { sandboxDocker, sandboxEnv } from '../../support/sandbox-env.ts';

const suffix = randomBytes(4).toString('hex');
const containers: string[] = [];
const images: string[] = [];
let client: EngineClient;
let busybox: string;
/** Podman answers conflicts with 500 (not 409) in its own words, and lists short names as docker.io/…. */
let podman = false;
const qualified = (ref: string) => (podman ? `docker.io/${ref}` : ref);
const conflictCode = () => (podman ? 'SERVER' : 'CONFLICT');

before(() => {
  const env = sandboxEnv();
  podman = env.engine === 'podman';
  busybox = env.images.busybox;
  client = new EngineClient({ host: env.dockerHost, env: {} });
});

after(async () => {
  for (const id of containers) await client.removeContainer(id, { force: true }).catch(() => undefined);
  for (const image of images) await client.removeImage(image, { force: true }).catch(() => undefined);
  await client.close();
});

async function rejection(promise: Promise<unknown>): Promise<EngineError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isEngineError(error), `expected an EngineError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

describe('run', () => {
  test('a foreground run yields stdout and stderr on their own streams, then the exit code', async () => {
    const lines: LogLine[] = [];
    const events: string[] = [];
    const outcome = await runContainer(
      client,
      { image: busybox, cmd: ['sh', '-c', 'echo hello; echo oops >&2; exit 3'], tty: false, detached: false, name: `berth-run-${suffix}` },
      {
        onCreated: ({ id }) => {
          containers.push(id);
          events.push('created');
        },
        onStarted: () => events.push('started'),
        onLines: (batch) => lines.push(...batch),
      },
    );
    assert.equal(outcome.kind, 'exited');
    assert.ok(outcome.kind === 'exited' && outcome.exitCode === 3);
    assert.deepEqual(events, ['created', 'started']);
    assert.deepEqual(
      lines.map((l) => [l.stream, l.text]).sort(),
      [
        ['stderr', 'oops'],
        ['stdout', 'hello'],
      ],
    );
  });

  test('a TTY run merges the streams and still reports the exit code', async () => {
    const lines: LogLine[] = [];
    const outcome = await runContainer(
      client,
      { image: busybox, cmd: ['sh', '-c', 'echo out; echo err >&2; exit 0'], tty: true, detached: false },
      { onCreated: ({ id }) => containers.push(id), onLines: (batch) => lines.push(...batch) },
    );
    assert.ok(outcome.kind === 'exited' && outcome.exitCode === 0);
    assert.deepEqual(lines.map((l) => l.text).sort(), ['err', 'out']);
    assert.ok(lines.every((l) => l.stream === 'stdout'));
  });

  test('a container that exits at once is not missed (the wait is registered before start)', async () => {
    for (let i = 0; i < 3; i++) {
      const outcome = await runContainer(client, { image: busybox, cmd: ['false'], tty: false, detached: false }, { onCreated: ({ id }) => containers.push(id) });
      assert.ok(outcome.kind === 'exited' && outcome.exitCode === 1);
    }
  });

  test('twenty --rm foreground runs each show their output: attached before the start, waited on until removed', async () => {
    const rm = { config: {}, hostConfig: { AutoRemove: true }, env: [], envFiles: [] };
    const runOne = async (i: number) => {
      const lines: LogLine[] = [];
      let id = '';
      const outcome = await runContainer(
        client,
        { image: busybox, cmd: ['sh', '-c', `echo out-${i}; echo err-${i} >&2`], tty: false, detached: false, extras: rm },
        { onCreated: (c) => (id = c.id), onLines: (batch) => lines.push(...batch) },
      );
      assert.ok(outcome.kind === 'exited' && outcome.exitCode === 0, `run ${i}: ${JSON.stringify(outcome)}`);
      assert.deepEqual(lines.map((l) => `${l.stream} ${l.text}`).sort(), [`stderr err-${i}`, `stdout out-${i}`], `run ${i}`);
      // The wait was for its removal: it is gone when the run reports its end.
      const gone = await rejection(client.inspectContainer(id));
      assert.equal(gone.code, 'NOT_FOUND');
    };
    // Four at a time: the same races, a quarter of the wall time. Podman starts a container in
    // about a second on the test machine, so it gets eight (the race was dockerd's: 1 run in 4).
    const runs = podman ? 8 : 20;
    for (let batch = 0; batch < runs / 4; batch++) await Promise.all([0, 1, 2, 3].map((k) => runOne(batch * 4 + k)));
  });

  test('an interactive run (-i) stops after the create, with stdin attached and closed when its client goes, as the CLI sets it', async () => {
    let id = '';
    const outcome = await runContainer(client, { image: busybox, cmd: ['cat'], tty: true, detached: false, interactive: true }, { onCreated: (c) => containers.push((id = c.id)) });
    assert.equal(outcome.kind, 'interactive');
    const config = (await client.inspectContainer(id)).Config as Record<string, unknown>;
    // Podman's inspect does not report StdinOnce and AttachStdin (it answers false for both).
    if (podman) assert.deepEqual([config.Tty, config.OpenStdin], [true, true]);
    else assert.deepEqual([config.Tty, config.OpenStdin, config.StdinOnce, config.AttachStdin], [true, true, true, true]);
  });

  test('leaving a foreground run stops watching but leaves the container running', async () => {
    const abort = new AbortController();
    let id = '';
    const run = runContainer(
      client,
      { image: busybox, cmd: ['sh', '-c', 'echo started; sleep 300'], tty: false, detached: false },
      {
        signal: abort.signal,
        onCreated: (c) => {
          id = c.id;
          containers.push(c.id);
        },
        onLines: () => abort.abort(),
      },
    );
    const error = await rejection(run);
    assert.equal(error.code, 'ABORTED');
    const inspected = await client.inspectContainer(id);
    assert.equal(inspected.State?.Running, true);
    await client.stopContainer(id, { timeout: 0 });
  });

  test('create with a missing image is NOT_FOUND with the engine message', async () => {
    const error = await rejection(runContainer(client, { image: `berth-test/missing-${suffix}:nope`, tty: false, detached: true }));
    assert.equal(error.code, 'NOT_FOUND');
    assert.equal(error.status, 404);
    assert.match(error.message, /No such image/i);
    assert.ok(isMissingImage(error));
  });

  test('a name conflict is CONFLICT with the engine message', async () => {
    const name = `berth-conflict-${suffix}`;
    const first = await runContainer(client, { image: busybox, cmd: ['true'], name, tty: false, detached: false }, { onCreated: ({ id }) => containers.push(id) });
    assert.equal(first.kind, 'exited');
    const error = await rejection(runContainer(client, { image: busybox, cmd: ['true'], name, tty: false, detached: true }));
    assert.equal(error.code, conflictCode());
    assert.match(error.message, new RegExp(`name "/?${name}" is already in use`));
    assert.ok(!isMissingImage(error));
  });
});

describe('detached run, stop and commit', () => {
  let id = '';

  test('a detached sleep 300 starts and is running', async () => {
    const outcome = await runContainer(client, { image: busybox, cmd: ['sleep', '300'], tty: false, detached: true, name: `berth-sleep-${suffix}` }, { onCreated: (c) => containers.push(c.id) });
    assert.equal(outcome.kind, 'detached');
    id = outcome.id;
    const running = await client.listContainers({ filters: { id: [id] } });
    assert.equal(running.length, 1);
    assert.equal(running[0]?.State, 'running');
  });

  test('commit by a 10-character id prefix creates an image that is listed', async () => {
    const repository = `berth-test/commit-${suffix}`;
    const outcome = await commitContainer(client, { container: id.slice(0, 10), repository, tag: 'v1', comment: 'from the test', author: 'berth' });
    images.push(outcome.imageId);
    assert.match(outcome.imageId, /^sha256:[0-9a-f]{64}$/);
    assert.equal(outcome.reference, `${repository}:v1`);
    const listed = await client.listImages();
    const image = listed.find((i) => i.Id === outcome.imageId);
    assert.ok(image, 'the new image is listed');
    assert.deepEqual(image.RepoTags, [qualified(`${repository}:v1`)]);
  });

  test('stop moves it out of running; a second stop reports already stopped', async () => {
    const first = await stopContainer(client, { containerId: id, name: `berth-sleep-${suffix}`, timeout: 1 });
    assert.equal(first.alreadyStopped, false);
    assert.equal(first.message, `stopped berth-sleep-${suffix} (${id.slice(0, 12)})`);
    const running = await client.listContainers({ filters: { id: [id] } });
    assert.equal(running.length, 0);
    const second = await stopContainer(client, { containerId: id, name: `berth-sleep-${suffix}` });
    assert.equal(second.alreadyStopped, true);
    assert.equal(second.message, `berth-sleep-${suffix} (${id.slice(0, 12)}) was already stopped`);
  });

  test('commit of an exited container works too, and a missing one is NOT_FOUND', async () => {
    const outcome = await commitContainer(client, { container: id, repository: `berth-test/commit-${suffix}`, tag: 'exited' });
    images.push(outcome.imageId);
    const error = await rejection(commitContainer(client, { container: `nonexistent-${suffix}`, repository: 'x', tag: 'latest' }));
    assert.equal(error.code, 'NOT_FOUND');
    assert.match(error.message, /No such container/i);
  });

  test('stopping a container that does not exist is NOT_FOUND', async () => {
    const error = await rejection(stopContainer(client, { containerId: `nonexistent-${suffix}`, name: 'x' }));
    assert.equal(error.code, 'NOT_FOUND');
  });
});

describe('remove', () => {
  test('a running container is refused in the engine’s words without force, removed with it, volumes too', async () => {
    const name = `berth-rm-${suffix}`;
    const Id = (await sandboxDocker(['run', '-d', '--network', 'none', '-v', '/scratch', '--name', name, busybox, 'sleep', '300'])).trim();
    containers.push(Id);
    const volume = (await sandboxDocker(['inspect', '-f', '{{range .Mounts}}{{.Name}}{{end}}', Id])).trim();
    assert.match(volume, /^[0-9a-f]{64}$/, 'the container has an anonymous volume');

    const refused = await rejection(removeContainer(client, { containerId: Id, name, force: false, volumes: true }));
    assert.equal(refused.code, conflictCode());
    assert.match(refused.message, podman ? /cannot remove container .* as it is running/i : /cannot remove a running container/i);
    assert.equal((await client.listContainers({ all: true, filters: { id: [Id] } })).length, 1, 'nothing was removed');

    const message = await removeContainer(client, { containerId: Id, name, force: true, volumes: true });
    assert.equal(message, `removed container ${name} (${Id.slice(0, 12)}) and its anonymous volumes`);
    assert.equal((await client.listContainers({ all: true, filters: { id: [Id] } })).length, 0);
    const volumes = await sandboxDocker(['volume', 'ls', '-q']);
    assert.ok(!volumes.includes(volume), 'the anonymous volume went with it');
  });

  test('an image row loses only its own tag while others remain; the last tag takes the image; in use is refused', async () => {
    const repository = `berth-test/rm-${suffix}`;
    const image = (await client.listImages()).find((i) => (i.RepoTags ?? []).includes(qualified(busybox)));
    assert.ok(image);
    for (const tag of ['a', 'b']) await sandboxDocker(['tag', busybox, `${repository}:${tag}`]);
    images.push(`${repository}:a`, `${repository}:b`);

    assert.equal(await removeImage(client, { imageId: image.Id, tag: `${repository}:a`, force: false }), `untagged ${repository}:a; the image stays under its other tags`);
    const after = (await client.listImages()).find((i) => i.Id === image.Id);
    assert.deepEqual((after?.RepoTags ?? []).filter((t) => t.startsWith(qualified(repository))), [qualified(`${repository}:b`)]);

    // A committed image whose only tag is removed is deleted; while a container uses it, the engine says so.
    const source = await client.createContainer({ Image: busybox, Cmd: ['true'] });
    containers.push(source.Id);
    const committed = await commitContainer(client, { container: source.Id, repository, tag: 'solo' });
    images.push(committed.imageId);
    const user = await client.createContainer({ Image: `${repository}:solo`, Cmd: ['true'] });
    containers.push(user.Id);
    const inUse = await rejection(removeImage(client, { imageId: committed.imageId, tag: '<none>:<none>', force: false }));
    // Here Podman answers 409 like Docker, in its own words.
    assert.equal(inUse.code, 'CONFLICT');
    assert.match(inUse.message, /being used by|is using|in use/i);
    await client.removeContainer(user.Id, { force: true });
    const removed = await removeImage(client, { imageId: committed.imageId, tag: `${repository}:solo`, force: false });
    assert.equal(removed, `removed image ${repository}:solo (${committed.imageId.replace('sha256:', '').slice(0, 12)})`);
    assert.ok(!(await client.listImages()).some((i) => i.Id === committed.imageId));
  });

  test('an untagged row is removed by id', () => {
    assert.equal(removalTarget({ imageId: 'sha256:abc', tag: '<none>:<none>' }), 'sha256:abc');
    assert.equal(removalTarget({ imageId: 'sha256:abc', tag: 'app:1' }), 'app:1');
  });
});

describe('start and restart', () => {
  test('start runs a stopped container again (a second start is "already running"); restart gives it a new start time', async () => {
    const name = `berth-start-${suffix}`;
    const id = (await sandboxDocker(['create', '--network', 'none', '--name', name, busybox, 'sleep', '300'])).trim();
    containers.push(id);
    assert.equal(await startContainer(client, { containerId: id, name }), `started ${name} (${id.slice(0, 12)})`);
    const first = await client.inspectContainer(id);
    assert.equal(first.State?.Running, true);
    assert.equal(await startContainer(client, { containerId: id, name }), `${name} (${id.slice(0, 12)}) was already running`);

    assert.equal(await restartContainer(client, { containerId: id, name, timeout: 0 }), `restarted ${name} (${id.slice(0, 12)})`);
    const second = await client.inspectContainer(id);
    assert.equal(second.State?.Running, true);
    assert.notEqual(second.State?.StartedAt, first.State?.StartedAt);
  });

  test('starting a container that does not exist is NOT_FOUND in the engine’s words', async () => {
    const error = await rejection(startContainer(client, { containerId: `nonexistent-${suffix}`, name: 'x' }));
    assert.equal(error.code, 'NOT_FOUND');
    assert.match(error.message, /No such container/i);
  });
});
