/**
 * A checked run line → the create request's pieces: each flag lands where the engine API wants it
 * (engine-api-notes-wave2.md §6), and a bad value stops the whole request with the CLI's reason.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkRunOptions, parseEnvFile, resolveEnv } from '../../../src/state/run-line/create-body.ts';
import { parseRunLine } from '../../../src/state/run-line/parse-line.ts';
import type { RunOptions } from '../../../src/state/run-line/options.ts';

function optionsOf(line: string): RunOptions {
  const parsed = parseRunLine(line);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
  return parsed.options;
}

test('every supported flag lands in the create body', () => {
  const { errors, extras } = checkRunOptions(
    optionsOf(
      'docker run -p 127.0.0.1:8080:80 -p 53:53/udp -e A=1 -v /srv:/data:ro -v /cache --mount type=tmpfs,target=/tmp,tmpfs-size=1m ' +
        '--restart on-failure:3 --network host -w /work -u 1000:1000 --entrypoint /bin/sh -l tier=web -l solo ' +
        '--memory 64m --cpus 1.5 --hostname box -i busybox',
    ),
  );
  assert.deepEqual(errors, {});
  assert.ok(extras);
  assert.deepEqual(extras.hostConfig.PortBindings, { '80/tcp': [{ HostIp: '127.0.0.1', HostPort: '8080' }], '53/udp': [{ HostIp: '', HostPort: '53' }] });
  assert.deepEqual(extras.config.ExposedPorts, { '80/tcp': {}, '53/udp': {} });
  assert.deepEqual(extras.hostConfig.Binds, ['/srv:/data:ro']);
  assert.deepEqual(extras.config.Volumes, { '/cache': {} });
  assert.deepEqual(extras.hostConfig.Mounts, [{ Type: 'tmpfs', Target: '/tmp', TmpfsOptions: { SizeBytes: 1024 * 1024 } }]);
  assert.deepEqual(extras.hostConfig.RestartPolicy, { Name: 'on-failure', MaximumRetryCount: 3 });
  assert.equal(extras.hostConfig.NetworkMode, 'host');
  assert.equal(extras.config.WorkingDir, '/work');
  assert.equal(extras.config.User, '1000:1000');
  assert.deepEqual(extras.config.Entrypoint, ['/bin/sh']);
  assert.deepEqual(extras.config.Labels, { tier: 'web', solo: '' });
  assert.equal(extras.hostConfig.Memory, 64 * 1024 * 1024);
  assert.equal(extras.hostConfig.NanoCpus, 1_500_000_000);
  assert.equal(extras.config.Hostname, 'box');
  assert.equal(extras.config.OpenStdin, true);
  assert.deepEqual(extras.env, ['A=1']);
});

test('nothing asked, nothing sent: an empty form adds no keys to the body', () => {
  const { extras } = checkRunOptions(optionsOf('docker run busybox'));
  assert.deepEqual(extras?.config, {});
  assert.deepEqual(extras?.hostConfig, {});
});

test('--rm and -P are switches in HostConfig; --rm with a restart policy is refused as the CLI refuses it', () => {
  const { extras } = checkRunOptions(optionsOf('docker run --rm -P busybox'));
  assert.equal(extras?.hostConfig.AutoRemove, true);
  assert.equal(extras?.hostConfig.PublishAllPorts, true);
  const refused = checkRunOptions(optionsOf('docker run --rm --restart always busybox'));
  assert.equal(refused.extras, undefined);
  assert.ok(refused.errors.restart);
});

test('each bad value is named on its own field and nothing is built', () => {
  const { errors, extras } = checkRunOptions(optionsOf('docker run -p 99999:80 --memory lots --cpus x --mount type=nfs,target=/x busybox'));
  assert.equal(extras, undefined);
  assert.ok(errors.publish);
  assert.ok(errors.memory);
  assert.ok(errors.cpus);
  assert.match(errors.mount ?? '', /invalid mount type/);
});

test('env files are read as the CLI reads them, and -e wins by coming last', () => {
  const file = parseEnvFile('app.env', '# comment\n\n  A=1\nB="quoted"\nHOME\nUNSET\n', (name) => (name === 'HOME' ? '/root' : undefined));
  assert.deepEqual(file, { ok: true, value: ['A=1', 'B="quoted"', 'HOME=/root'] });
  assert.equal(parseEnvFile('bad.env', 'MY VAR=1', () => undefined).ok, false);
  assert.deepEqual(resolveEnv(['A=1'], ['A=2', 'HOME', 'NOPE'], (name) => (name === 'HOME' ? '/root' : undefined)), ['A=1', 'A=2', 'HOME=/root']);
});
