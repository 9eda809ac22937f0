/**
 * A custom action's host command: the engine passed as the docker CLI reads it (a context by
 * name, else the address), and the command run as an argv with its output in lines and its code.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dockerHostOf, engineEnv, runOnHost } from '../../../src/state/actions/host-command.ts';
import type { LogLine } from '../../../src/state/logs/types.ts';

test('the engine as the docker CLI reads it: DOCKER_CONTEXT for a context, else DOCKER_HOST spelt as the CLI spells it', () => {
  const unix = { kind: 'unix', socketPath: '/run/docker.sock', label: 'unix:///run/docker.sock' } as const;
  assert.equal(dockerHostOf(unix), 'unix:///run/docker.sock');
  assert.equal(dockerHostOf({ kind: 'tcp', host: '10.0.0.2', port: 2376, tls: true, label: '' }), 'tcp://10.0.0.2:2376');
  assert.equal(dockerHostOf({ kind: 'tcp', host: '::1', port: 2375, tls: false, label: '' }), 'tcp://[::1]:2375');
  assert.equal(dockerHostOf({ kind: 'ssh', address: { host: 'box', user: 'me', port: 2222 }, label: '' }), 'ssh://me@box:2222');
  const byHost = engineEnv({ endpoint: unix, context: undefined }, { DOCKER_CONTEXT: 'old', PATH: '/bin' });
  assert.equal(byHost.DOCKER_HOST, 'unix:///run/docker.sock');
  assert.equal(byHost.DOCKER_CONTEXT, undefined);
  assert.equal(byHost.PATH, '/bin');
  const byContext = engineEnv({ endpoint: unix, context: 'prod' }, { DOCKER_HOST: 'tcp://elsewhere:2375' });
  assert.equal(byContext.DOCKER_CONTEXT, 'prod');
  assert.equal(byContext.DOCKER_HOST, undefined, 'the context names the engine, its TLS files with it');
  const plainTcp = engineEnv({ endpoint: { kind: 'tcp', host: 'h', port: 2375, tls: false, label: '' }, context: undefined }, { DOCKER_TLS_VERIFY: '1' });
  assert.equal(plainTcp.DOCKER_TLS_VERIFY, undefined);
});

test('a host command runs as an argv (no shell), its stdout and stderr in lines, its exit code; a missing program is said', async () => {
  const lines: LogLine[] = [];
  const code = await runOnHost(['sh', '-c', 'echo "$1"; echo err >&2; exit 7', 'sh', 'a; b $(x)'], { PATH: process.env.PATH }, { onLines: (l) => lines.push(...l) });
  assert.equal(code, 7);
  assert.deepEqual(lines.filter((l) => l.stream === 'stdout').map((l) => l.text), ['a; b $(x)']);
  assert.deepEqual(lines.filter((l) => l.stream === 'stderr').map((l) => l.text), ['err']);
  await assert.rejects(runOnHost(['berth-no-such-program'], { PATH: process.env.PATH }), /berth-no-such-program: command not found/);
});
