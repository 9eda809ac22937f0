import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { EngineError } from '../../src/engine/errors.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

// Contexts written by the real docker CLI (`docker context create` / `use`), read by berth's
// client and followed to the real sandbox engine: the store's layout is the CLI's, not ours.
const env = sandboxEnv();
const configDir = mkdtempSync(join(tmpdir(), 'berth-ctx-int-'));
const clients: EngineClient[] = [];
after(async () => {
  for (const c of clients) await c.close();
  rmSync(configDir, { recursive: true, force: true });
});

function clientWith(processEnv: NodeJS.ProcessEnv, context?: string): EngineClient {
  const client = new EngineClient({ env: processEnv, homedir: '/nonexistent', ...(context ? { context } : {}) });
  clients.push(client);
  return client;
}

test('`docker context use` moves berth to that engine', async () => {
  await sandboxDocker(['context', 'create', 'sandbox', '--docker', `host=${env.dockerHost}`], { configDir });
  await sandboxDocker(['context', 'use', 'sandbox'], { configDir });
  assert.match(readFileSync(join(configDir, 'config.json'), 'utf8'), /"currentContext": "sandbox"/);

  const client = clientWith({ DOCKER_CONFIG: configDir });
  assert.equal(client.context, 'sandbox');
  assert.equal(client.endpoint.label, env.dockerHost);
  const ping = await client.connect();
  assert.match(ping.negotiated, /^1\.\d+$/);
  const images = await client.listImages();
  // Podman lists short names fully qualified (docker.io/…).
  assert.ok(images.some((i) => (i.RepoTags ?? []).some((tag) => tag.endsWith(env.images.busybox))), 'the sandbox engine answered');
});

test('DOCKER_CONTEXT and --context pick another context; DOCKER_HOST still wins over DOCKER_CONTEXT', async () => {
  const gone = join(configDir, 'gone.sock');
  await sandboxDocker(['context', 'create', 'elsewhere', '--docker', `host=unix://${gone}`], { configDir });

  const viaEnv = clientWith({ DOCKER_CONFIG: configDir, DOCKER_CONTEXT: 'elsewhere' });
  assert.equal(viaEnv.endpoint.label, `unix://${gone}`);
  await assert.rejects(viaEnv.connect(), (error: unknown) => error instanceof EngineError && error.code === 'UNREACHABLE' && error.message.includes(gone));

  const viaFlag = clientWith({ DOCKER_CONFIG: configDir }, 'elsewhere');
  assert.equal(viaFlag.endpoint.label, `unix://${gone}`);

  const hostWins = clientWith({ DOCKER_CONFIG: configDir, DOCKER_CONTEXT: 'elsewhere', DOCKER_HOST: env.dockerHost });
  assert.equal(hostWins.context, undefined);
  await hostWins.connect();
});
