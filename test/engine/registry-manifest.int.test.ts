/**
 * A tag's digest in its registry, asked two ways against the sandbox registry (plain HTTP, a
 * login with Basic auth): through the engine (`/distribution`, Docker) and by berth itself
 * (`HEAD` of the manifest, for engines without it). Both give the digest the push recorded in
 * the image's RepoDigests; without credentials the registry's refusal is said, not a digest.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { parseChallenge, registryDigest } from '../../src/engine/registry-manifest.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const path = `berth/digest${process.pid}`;
const reference = `${env.registry.address}/${path}:1`;

after(async () => {
  await sandboxDocker(['rmi', reference]).catch(() => undefined);
});

test('the registry digest of a pushed tag: through the engine and by berth’s own HEAD, the RepoDigest the push recorded', async () => {
  await sandboxDocker(['tag', env.images.busybox, reference]);
  await sandboxDocker(['push', reference]);
  const recorded = (await sandboxDocker(['image', 'inspect', '-f', '{{range .RepoDigests}}{{println .}}{{end}}', reference])).split('\n').find((d) => d.startsWith(`${env.registry.address}/${path}@`));
  assert.ok(recorded);
  const digest = recorded.slice(recorded.indexOf('@') + 1);

  const client = new EngineClient({ host: env.dockerHost, env: { ...process.env, DOCKER_CONFIG: env.clientConfigDir } });
  try {
    const { auth } = await client.resolveCredentials(reference);
    assert.ok(auth, 'the sandbox config holds the registry login');
    assert.equal(await registryDigest(env.registry.address, path, '1', auth), digest);
    await assert.rejects(registryDigest(env.registry.address, path, '1', undefined), /refused the credentials/);
    if (env.engine === 'docker') assert.equal((await client.distributionInspect(reference, auth)).Descriptor?.digest, digest);
  } finally {
    await client.close();
  }
});

test('a registry’s challenge read into its scheme and parameters', () => {
  assert.deepEqual(parseChallenge('Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:library/busybox:pull"'), {
    scheme: 'bearer',
    params: { realm: 'https://auth.docker.io/token', service: 'registry.docker.io', scope: 'repository:library/busybox:pull' },
  });
  assert.deepEqual(parseChallenge('Basic realm="Registry Realm"'), { scheme: 'basic', params: { realm: 'Registry Realm' } });
});
