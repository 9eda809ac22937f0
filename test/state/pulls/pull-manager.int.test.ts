/**
 * Pulls from the sandbox's registry (htpasswd auth) into the sandbox engine through the pull
 * manager: per-layer progress, success, the registry's own errors, and credentials found in
 * a docker CLI config. The images pulled here are removed again at the end.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { EngineClient } from '../../../src/engine/client.ts';
import type { PullOptions } from '../../../src/engine/images.ts';
import type { PullMessage } from '../../../src/engine/types.ts';
import { PullManager, type PullClient } from '../../../src/state/pulls/pull-manager.ts';
import { pullTotals, type PullState } from '../../../src/state/pulls/pull-reducer.ts';
import { sandboxEnv, type SandboxEnv } from '../../support/sandbox-env.ts';

let env: SandboxEnv;
let client: EngineClient;

before(() => {
  env = sandboxEnv();
  // No config at all: credentials come from the test, unless a test says otherwise.
  client = new EngineClient({ host: env.dockerHost, env: { DOCKER_CONFIG: '/nonexistent/berth-docker-config' } });
});

after(async () => {
  for (const image of [env.images.multiLayer, env.images.registryBusybox]) await client.removeImage(image, { force: true }).catch(() => undefined);
  await client.close();
});

/** The real client, with every message the engine sent kept for the test to look at. */
function recording(inner: EngineClient): { client: PullClient; messages: PullMessage[] } {
  const messages: PullMessage[] = [];
  return {
    messages,
    client: {
      resolveCredentials: (ref) => inner.resolveCredentials(ref),
      async *pullImage(fromImage: string, options: PullOptions) {
        for await (const message of inner.pullImage(fromImage, options)) {
          messages.push(message);
          yield message;
        }
      },
    },
  };
}

async function finished(pulls: PullManager, id: string): Promise<PullState> {
  const state = await pulls.settled(id);
  assert.ok(state);
  return state;
}

test('pulls the multi-layer image with credentials: every layer makes progress and completes', async () => {
  // Start from nothing, whatever ran before; the busybox base layer stays (berth-test/busybox).
  await client.removeImage(env.images.multiLayer, { force: true }).catch(() => undefined);
  const { client: pullClient, messages } = recording(client);
  const pulled: PullState[] = [];
  const pulls = new PullManager({ client: pullClient, onPulled: (p) => pulled.push(p) });
  const id = pulls.start({ reference: env.images.multiLayer, auth: { username: env.registry.username, password: env.registry.password } });
  const state = await finished(pulls, id);

  assert.equal(state.status, 'done', state.error);
  assert.equal(pulled.length, 1);
  if (env.engine === 'podman') {
    assertPodmanPull(state, messages);
  } else {
    assert.equal(state.layerIds.length, 5, 'busybox + four layers of random data');
    assert.deepEqual(state.header, ['latest: Pulling from berth/layers']);
    assert.match(state.footer.join('\n'), /Status: Downloaded newer image for .*berth\/layers:latest/);

    const phasesOf = (id: string) => messages.filter((m) => m.id === id).map((m) => m.status ?? '');
    const [baseLayer, ...dataLayers] = state.layerIds;
    assert.deepEqual(phasesOf(baseLayer!), ['Already exists']);
    for (const layer of dataLayers) {
      const phases = phasesOf(layer);
      assert.ok(phases.includes('Downloading') && phases.includes('Extracting'), `${layer}: ${phases.join(', ')}`);
      assert.equal(phases.at(-1), 'Pull complete');
      const downloads = messages.filter((m) => m.id === layer && m.status === 'Downloading');
      assert.ok(downloads.every((m) => (m.progressDetail?.total ?? 0) > 0), 'Downloading carries a total');
      assert.equal(state.layers.get(layer)?.size, downloads.at(-1)?.progressDetail?.total);
    }
    const totals = pullTotals(state);
    assert.equal(totals.layersDone, 5);
    assert.equal(totals.bytesDone, totals.bytesKnown);
    assert.ok(totals.bytesKnown > 24 * 1024 * 1024, `${totals.bytesKnown} bytes`);
  }

  const images = await client.listImages();
  assert.ok(images.some((i) => i.RepoTags?.includes(env.images.multiLayer)), 'the image is in the engine');
});

/**
 * Podman 4.3 reports a pull differently: per layer only "Pulling fs layer" and "Download
 * complete" (byte progress at most once a second, so none on a quick local pull; no Extracting,
 * no Pull complete), no Digest or Status lines, and a last "Download complete" for the image's
 * config blob, which berth shows as one more row.
 */
function assertPodmanPull(state: PullState, messages: PullMessage[]): void {
  assert.equal(state.layerIds.length, 6, 'busybox + four layers of random data + the config blob');
  const phasesOf = (id: string) => messages.filter((m) => m.id === id).map((m) => m.status ?? '');
  // The base layer is "Already exists" only if the registry's busybox was pulled before (Podman's
  // own import of busybox makes a different layer).
  for (const layer of state.layerIds) assert.match(phasesOf(layer).at(-1) ?? '', /^(Download complete|Already exists)$/, layer);
  assert.ok(!messages.some((m) => /^(Extracting|Pull complete|Status: |Digest: )/.test(m.status ?? '')));
  const totals = pullTotals(state);
  assert.equal(totals.layersDone, 6, 'a finished pull marks every row done');
  assert.match(state.footer.join('\n'), /berth\/layers:latest/, 'the full name ends the pull, as the CLI prints it');
}

test('a wrong password ends the pull with the registry error', async () => {
  const pulls = new PullManager({ client });
  const id = pulls.start({ reference: env.images.multiLayer, auth: { username: env.registry.username, password: `${env.registry.password}-wrong` } });
  const state = await finished(pulls, id);
  assert.equal(state.status, 'error');
  assert.match(state.error ?? '', /unauthorized|authentication required/);
});

test('an unknown tag ends the pull with manifest unknown', async () => {
  const pulls = new PullManager({ client });
  const reference = env.images.multiLayer.replace(/:latest$/, ':no-such-tag');
  const id = pulls.start({ reference, auth: { username: env.registry.username, password: env.registry.password } });
  const state = await finished(pulls, id);
  assert.equal(state.status, 'error');
  assert.match(state.error ?? '', /not found|manifest unknown/);
});

test('without typed credentials, the ones in the docker config are used', async () => {
  const configured = new EngineClient({ host: env.dockerHost, env: { DOCKER_CONFIG: env.clientConfigDir } });
  try {
    const resolution = await configured.resolveCredentials(env.images.registryBusybox);
    assert.equal(resolution.source, 'config-file');
    const pulls = new PullManager({ client: configured });
    const state = await finished(pulls, pulls.start({ reference: env.images.registryBusybox }));
    assert.equal(state.status, 'done', state.error);
  } finally {
    await configured.close();
  }
});

test('anonymous pulls from the auth registry are refused', async () => {
  const pulls = new PullManager({ client });
  const state = await finished(pulls, pulls.start({ reference: env.images.registryBusybox }));
  assert.equal(state.status, 'error');
  assert.match(state.error ?? '', /no basic auth credentials|unauthorized/);
});
