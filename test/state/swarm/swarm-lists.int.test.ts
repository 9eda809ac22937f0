/**
 * The Services and Nodes panes' message on an engine without a swarm to list, from the engine's
 * real answers: on Podman (known by its /version) the swarm endpoints answer 404 "Not Found",
 * and the panes say that Podman has no Swarm, with Podman's words; on the sandbox dockerd they
 * say what Docker says.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { EngineClient } from '../../../src/engine/client.ts';
import { swarmMessage } from '../../../src/app/panes/swarm-message.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { SwarmLists } from '../../../src/state/swarm/swarm-lists.ts';
import { sandboxEnv } from '../../support/sandbox-env.ts';

const env = sandboxEnv();
const client = new EngineClient({ host: env.dockerHost, env: {} });
after(() => client.close());

test('on Podman the swarm panes say Podman has no Swarm (from its /version and its 404), not only "Not Found"', async () => {
  await client.connect();
  const { kind } = await client.identify();
  const lists = new SwarmLists(() => client);
  await lists.refresh();
  lists.stop();
  const swarm = lists.store.getState();
  const engine = initialEngineState(env.dockerHost);
  const ctx = { swarm, engine: { ...engine, connection: { ...engine.connection, engineKind: kind } } };
  const services = swarmMessage('services', ctx, '', 0);
  const nodes = swarmMessage('nodes', ctx, '', 0);
  if (env.engine === 'podman') {
    assert.equal(swarm.noSwarmApi, true, `Podman answered: ${swarm.error}`);
    assert.match(services?.text ?? '', /^Podman has no Swarm: services exist on a Docker engine that is a swarm manager/);
    assert.match(nodes?.text ?? '', /^Podman has no Swarm: nodes/);
    assert.ok(services?.text.includes(swarm.error ?? '-'), `with Podman's own words: ${services?.text}`);
  } else {
    // Another file may have made the shared dockerd a swarm manager: either way, no word of Podman.
    assert.equal(swarm.noSwarmApi, false);
    assert.doesNotMatch(`${services?.text ?? ''} ${nodes?.text ?? ''}`, /Podman/);
    if (swarm.notManager) assert.match(services?.text ?? '', /not a swarm manager/);
  }
});
