import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { EngineError } from '../../src/engine/errors.ts';
import type { PullMessage } from '../../src/engine/types.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

// Tag and push through berth's engine client, to the sandbox's registry (which wants a login).
const env = sandboxEnv();
const client = new EngineClient({ host: env.dockerHost, env: {} });
const repo = `${env.registry.address}/berth/push${process.pid}`;

after(async () => {
  await client.removeImage(`${repo}:1`, { force: true }).catch(() => undefined);
  await client.close();
});

async function drain(stream: AsyncIterable<PullMessage>): Promise<PullMessage[]> {
  const messages: PullMessage[] = [];
  for await (const message of stream) messages.push(message);
  return messages;
}

test('tag names a local image anew; a bad name is refused in the engine’s words', async () => {
  await client.tagImage(env.images.busybox, repo, '1');
  assert.ok((await client.listImages()).some((i) => i.RepoTags?.includes(`${repo}:1`)));
  await assert.rejects(client.tagImage(env.images.busybox, 'UPPER/case', '1'), (e: unknown) => e instanceof EngineError && /invalid reference format/.test(e.message));
  await assert.rejects(client.tagImage('no-such-image-here', repo, '2'), (e: unknown) => e instanceof EngineError && e.code === 'NOT_FOUND');
});

test('push streams per-layer progress to the registry; without credentials the registry’s refusal comes back', async () => {
  await client.tagImage(env.images.busybox, repo, '1').catch(() => undefined);
  await assert.rejects(drain(client.pushImage(repo, { tag: '1' })), (e: unknown) => e instanceof EngineError && e.code === 'STREAM' && /auth|unauthorized|credentials/i.test(e.message));
  const auth = { username: env.registry.username, password: env.registry.password, serveraddress: env.registry.address };
  const messages = await drain(client.pushImage(repo, { tag: '1', auth }));
  assert.match(messages[0]?.status ?? '', /^The push refers to repository \[/);
  const layers = messages.filter((m) => m.id && /^(Pushed|Layer already exists|Mounted from )/.test(m.status ?? ''));
  assert.ok(layers.length >= 1, 'each layer ends pushed (or already there)');
  assert.ok(messages.some((m) => /^1: digest: sha256:[0-9a-f]{64} size: \d+$/.test(m.status ?? '')), 'the tag’s digest line');
  // A second push finds every layer there already.
  const again = await drain(client.pushImage(repo, { tag: '1', auth }));
  assert.ok(again.filter((m) => m.id && m.progressDetail).every((m) => /^(Preparing|Waiting|Layer already exists)$/.test(m.status ?? '')));
});
