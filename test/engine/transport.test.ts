import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError } from '../../src/engine/errors.ts';
import { parseHost } from '../../src/engine/transport.ts';
import { usage } from '../../src/main/cli-options.ts';
import { MIN_API_VERSION, negotiateVersion, pinnedVersion } from '../../src/engine/version.ts';

test('parses engine addresses like the docker CLI', () => {
  assert.deepEqual(parseHost('unix:///var/run/docker.sock'), { kind: 'unix', socketPath: '/var/run/docker.sock', label: 'unix:///var/run/docker.sock' });
  assert.deepEqual(parseHost('tcp://10.0.0.5:2375'), { kind: 'tcp', host: '10.0.0.5', port: 2375, tls: false, label: 'tcp://10.0.0.5:2375' });
  assert.equal((parseHost('tcp://box') as { port: number }).port, 2375);
  assert.equal((parseHost('tcp://box', true) as { port: number }).port, 2376);
  assert.equal((parseHost('box:1234') as { host: string }).host, 'box');
  assert.equal((parseHost('tcp://[::1]:2375') as { host: string }).host, '::1');
  assert.deepEqual(parseHost('ssh://me@box:2222'), { kind: 'ssh', address: { host: 'box', user: 'me', port: 2222 }, label: 'ssh://me@box:2222' });
  assert.deepEqual(parseHost('ssh://box'), { kind: 'ssh', address: { host: 'box' }, label: 'ssh://box' });
});

test('an absolute path is a unix socket, never a host named after its first directory (-H /var/run/docker.sock)', () => {
  assert.deepEqual(parseHost('/var/run/docker.sock'), { kind: 'unix', socketPath: '/var/run/docker.sock', label: 'unix:///var/run/docker.sock' });
  assert.deepEqual(parseHost('  /run/user/1000/podman/podman.sock '), { kind: 'unix', socketPath: '/run/user/1000/podman/podman.sock', label: 'unix:///run/user/1000/podman/podman.sock' });
  assert.throws(() => parseHost(`/${'x'.repeat(120)}`), (e: unknown) => e instanceof EngineError && e.code === 'CONFIG' && /too long/.test(e.message));
  assert.match(usage, /absolute path is always a unix socket/, '--help says so');
});

test('rejects what it cannot connect to, with a reason', () => {
  for (const bad of ['', 'unix://relative.sock', `unix:///${'x'.repeat(120)}`, 'ssh://', 'ssh://me:secret@box', 'npipe:////./pipe/docker_engine', 'ftp://box']) {
    assert.throws(() => parseHost(bad), (e: unknown) => e instanceof EngineError && e.code === 'CONFIG' && e.message.length > 0, bad);
  }
});

test('negotiates min(berth max, engine), refuses too old, pins only well-formed versions', () => {
  assert.equal(negotiateVersion('1.41'), '1.41');
  assert.equal(negotiateVersion('1.99'), '1.51');
  assert.equal(negotiateVersion(undefined), MIN_API_VERSION);
  assert.equal(negotiateVersion('garbage'), MIN_API_VERSION);
  assert.throws(() => negotiateVersion('1.24'), (e: unknown) => e instanceof EngineError && e.code === 'VERSION' && /too old/.test(e.message));
  assert.equal(pinnedVersion('v1.43'), '1.43');
  assert.throws(() => pinnedVersion('latest'), (e: unknown) => e instanceof EngineError && e.code === 'CONFIG');
});
