/**
 * What `npm run sandbox` prints works on the engine it names: a pull from the registry it names,
 * through the engine's own API and with the credentials its DOCKER_CONFIG holds, succeeds (the
 * one-layer image: the multi-layer one it suggests is in the same registry, and pulled by
 * client.int.test.ts). On Podman the registry is
 * 10.0.2.2:<port> (slirp4netns's way to the host's loopback); 127.0.0.1:<port> is refused there.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { SANDBOX_ENV } from './env-vars.ts';
import { sandboxBanner } from './banner.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const client = new EngineClient({ host: env.dockerHost, env: {} });
after(() => client.close());

/** The engine's variables as the sandbox exported them to this process. */
const vars = Object.fromEntries(Object.values(SANDBOX_ENV).flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));

test('the registry and the pull the sandbox prints are the ones this engine reaches', async () => {
  await client.connect();
  const banner = sandboxBanner({ vars, apiVersion: client.apiVersion ?? '', readyMs: 0 });
  const registry = /^# registry: (\S+)/m.exec(banner)?.[1] ?? '';
  const pull = /^# pull: +DOCKER_CONFIG=(\S+) \S+ pull (\S+)$/m.exec(banner);
  assert.ok(pull, banner);
  const [, configDir = '', image = ''] = pull;
  if (env.engine === 'podman') {
    assert.match(registry, /^10\.0\.2\.2:\d+$/, 'Podman reaches the host through slirp4netns');
    assert.doesNotMatch(banner, /127\.0\.0\.1:\d+\//, 'no image named where Podman is refused');
  } else {
    assert.match(registry, /^127\.0\.0\.1:\d+$/);
  }
  assert.ok(image.startsWith(`${registry}/`), banner);
  const small = /^# images: +\S+ \(local\), (\S+),/m.exec(banner)?.[1] ?? '';
  assert.ok(small.startsWith(`${registry}/`), banner);
  // The credentials the printed DOCKER_CONFIG holds, for that address.
  const config = JSON.parse(readFileSync(path.join(configDir, 'config.json'), 'utf8')) as { auths: Record<string, { auth: string }> };
  const [username = '', password = ''] = Buffer.from(config.auths[registry]?.auth ?? '', 'base64').toString('utf8').split(':');
  const [fromImage, tag] = small.split(/:(?=[^:/]+$)/);
  for await (const _ of client.pullImage(fromImage!, { tag: tag ?? 'latest', auth: { username, password, serveraddress: registry } })) void _;
  const listed = (await client.listImages()).some((i) => (i.RepoTags ?? []).includes(small));
  assert.ok(listed, `${small} is listed after the pull`);
  await client.removeImage(small, { force: true });
});
