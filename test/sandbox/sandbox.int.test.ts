/**
 * The sandbox's promises to the rest of the suite, checked from the outside: only the
 * variables from sandboxEnv(), plain HTTP and the docker CLI — nothing from test/sandbox's
 * own runtime objects, so a broken sandbox cannot vouch for itself.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

function get(options: http.RequestOptions): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent: false, timeout: 5000, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
  });
}

test('the engine socket answers /_ping with OK', async () => {
  const { socketPath } = sandboxEnv();
  const res = await get({ socketPath, path: '/_ping' });
  assert.equal(res.status, 200);
  assert.equal(res.body, 'OK');
});

test('the registry rejects anonymous /v2/ with 401 and accepts the sandbox credentials', async () => {
  const { registry } = sandboxEnv();
  const [host, port] = registry.address.split(':');
  const anonymous = await get({ host, port, path: '/v2/' });
  assert.equal(anonymous.status, 401);
  const authed = await get({ host, port, path: '/v2/', auth: `${registry.username}:${registry.password}` });
  assert.equal(authed.status, 200);
  const wrong = await get({ host, port, path: '/v2/', auth: `${registry.username}:not-the-password` });
  assert.equal(wrong.status, 401);
});

test('berth-test/busybox runs `echo hi`', async () => {
  const { images } = sandboxEnv();
  assert.equal(images.busybox, 'berth-test/busybox:latest');
  const out = await sandboxDocker(['run', '--rm', images.busybox, 'echo', 'hi']);
  assert.equal(out, 'hi\n');
});

test('the client config holds base64 user:password for the registry', () => {
  const { registry, clientConfigDir } = sandboxEnv();
  const config = JSON.parse(readFileSync(path.join(clientConfigDir, 'config.json'), 'utf8')) as {
    auths: Record<string, { auth: string }>;
  };
  const entry = config.auths[registry.address];
  assert.ok(entry, `no auths entry for ${registry.address}`);
  assert.equal(Buffer.from(entry.auth, 'base64').toString(), `${registry.username}:${registry.password}`);
});

test('registry images are not present locally, need credentials, and pull with them', async () => {
  const { images, clientConfigDir } = sandboxEnv();
  const local = await sandboxDocker(['images', '--format', '{{.Repository}}:{{.Tag}}']);
  assert.ok(!local.includes(images.multiLayer), 'multi-layer image should only be in the registry');
  assert.ok(!local.includes(images.registryBusybox), 'registry busybox should only be in the registry');

  const anonymousConfig = mkdtempSync(path.join(os.tmpdir(), 'berth-anon-config-'));
  try {
    await assert.rejects(
      sandboxDocker(['pull', images.multiLayer], { configDir: anonymousConfig }),
      /no basic auth credentials|unauthorized|authentication required/i,
    );
  } finally {
    rmSync(anonymousConfig, { recursive: true, force: true });
  }

  try {
    await sandboxDocker(['pull', '--quiet', images.multiLayer], { configDir: clientConfigDir });
    const layers = JSON.parse(
      await sandboxDocker(['image', 'inspect', '--format', '{{json .RootFS.Layers}}', images.multiLayer]),
    ) as string[];
    assert.ok(layers.length >= 5, `expected a multi-layer image, got ${layers.length} layer(s)`);
  } finally {
    // Leave the engine as we found it: later tests rely on a pull downloading layers.
    await sandboxDocker(['rmi', images.multiLayer]).catch(() => undefined);
  }
});
