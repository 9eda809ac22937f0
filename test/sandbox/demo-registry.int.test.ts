/**
 * The demo's registry: the sandbox registry behind the demo's throttle, with its own client
 * config. A pull of the image references the demo gives berth, with the credentials the demo's
 * DOCKER_CONFIG holds, works, and its bytes come through the throttle.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { demoFromEnv } from '../../src/main/demo-env.ts';
import { demoBerthEnv } from './demo-env.ts';
import { startDemoRegistry } from './demo-registry.ts';
import { MULTI_LAYER_MIB } from './images.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const client = new EngineClient({ host: env.dockerHost, env: {} });
after(() => client.close());

test("a pull through the demo's registry uses the demo's credentials and comes through its throttle", async () => {
  // Faster than the demo's own rate (its pacing is demo-registry.test.ts's): this is about the way through.
  const demo = await startDemoRegistry(env, 256 * 1024 * 1024);
  try {
    const berthEnv = demoBerthEnv({ dockerHost: env.dockerHost, clientConfigDir: demo.clientConfigDir, registry: { ...env.registry, address: demo.address }, images: demo.images });
    assert.deepEqual(demoFromEnv(berthEnv), { registry: demo.address, images: [demo.images.multiLayer, demo.images.registryBusybox] }, 'berth is shown the throttled registry');
    const config = JSON.parse(readFileSync(path.join(berthEnv.DOCKER_CONFIG ?? '', 'config.json'), 'utf8')) as { auths: Record<string, { auth: string }> };
    const [username = '', password = ''] = Buffer.from(config.auths[demo.address]?.auth ?? '', 'base64').toString('utf8').split(':');
    await client.connect();
    // Not the one-layer busybox: its layer is local already (berth-test/busybox), so nothing would come through.
    await client.removeImage(env.images.multiLayer, { force: true }).catch(() => undefined);
    const [fromImage, tag] = demo.images.multiLayer.split(/:(?=[^:/]+$)/);
    for await (const _ of client.pullImage(fromImage!, { tag: tag ?? 'latest', auth: { username, password, serveraddress: demo.address } })) void _;
    assert.ok((await client.listImages()).some((i) => (i.RepoTags ?? []).includes(demo.images.multiLayer)));
    const layers = MULTI_LAYER_MIB.reduce((sum, n) => sum + n, 0) * 1024 * 1024;
    assert.ok(demo.served() >= layers, `the layers came through the throttle (${demo.served()} of ${layers} bytes)`);
    await client.removeImage(demo.images.multiLayer, { force: true });
  } finally {
    await demo.close();
  }
});
