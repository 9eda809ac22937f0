import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoFromEnv } from '../../src/main/demo-env.ts';
import { demoBerthEnv } from './demo-env.ts';

const sandbox = {
  dockerHost: 'unix:///tmp/berth-sandbox-x/docker.sock',
  clientConfigDir: '/tmp/berth-sandbox-x/client-config',
  registry: { address: '127.0.0.1:41713', username: 'berth', password: 'secret' },
  images: { busybox: 'berth-test/busybox:latest', registryBusybox: '127.0.0.1:41713/berth/busybox:latest', multiLayer: '127.0.0.1:41713/berth/layers:latest' },
};

test('the demo tells berth where its registry is and what sample images it holds, and berth reads them', () => {
  const env = demoBerthEnv(sandbox);
  assert.equal(env.DOCKER_HOST, sandbox.dockerHost);
  assert.equal(env.DOCKER_CONFIG, sandbox.clientConfigDir);
  assert.deepEqual(demoFromEnv(env), { registry: '127.0.0.1:41713', images: ['127.0.0.1:41713/berth/layers:latest', '127.0.0.1:41713/berth/busybox:latest'] });
  assert.ok(!Object.values(env).some((v) => v.includes('secret')), 'the password stays in the client config');
});

test('berth ignores demo variables it cannot use, rather than refusing to start', () => {
  assert.equal(demoFromEnv({}), undefined);
  assert.equal(demoFromEnv({ BERTH_DEMO_REGISTRY: 'not a host\u001b[2J' }), undefined);
  assert.deepEqual(demoFromEnv({ BERTH_DEMO_REGISTRY: 'localhost:5000', BERTH_DEMO_IMAGES: ' ,localhost:5000/a:1,UPPER/Case,\u0007bad' }), { registry: 'localhost:5000', images: ['localhost:5000/a:1'] });
});
