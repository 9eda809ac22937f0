/**
 * A container's inspect read into facts (what describe and the health panel show), and the argv
 * that runs its health check now: table-driven, over inspects shaped as Docker and Podman send
 * them, fields missing included.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerInspect } from '../../../src/engine/types.ts';
import { containerFacts } from '../../../src/state/describe/container-facts.ts';
import { checkArgv } from '../../../src/state/describe/health-check.ts';

const inspect = {
  Id: 'a'.repeat(64),
  Name: '/web',
  Image: 'sha256:img',
  Path: '/docker-entrypoint.sh',
  Args: ['nginx', '-g', 'daemon off;'],
  RestartCount: 2,
  State: {
    Status: 'running',
    StartedAt: '2026-01-01T00:00:00Z',
    Health: { Status: 'unhealthy', FailingStreak: 3, Log: [{ Start: '2026-01-01T00:00:01Z', End: '2026-01-01T00:00:01.2Z', ExitCode: 1, Output: 'nope\n' }] },
  },
  Config: {
    Image: 'nginx:1.27',
    Env: ['PATH=/usr/bin', 'DB_PASSWORD=hunter2', 'EMPTY='],
    Labels: { 'com.docker.compose.project': 'shop', 'com.docker.compose.service': 'web' },
    ExposedPorts: { '80/tcp': {}, '443/tcp': {} },
    Healthcheck: { Test: ['CMD-SHELL', 'curl -f localhost || exit 1'], Interval: 5e9, Timeout: 0, Retries: 4 },
    Shell: ['/bin/bash', '-c'],
  },
  HostConfig: { NetworkMode: 'shop_default', Memory: 268435456, NanoCpus: 1.5e9, PidsLimit: 0, RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 5 }, Links: ['/db:/web/db'] },
  Mounts: [
    { Type: 'volume', Name: 'data', Source: '/var/lib/docker/volumes/data/_data', Destination: '/data', RW: true },
    { Type: 'bind', Source: '/etc/app', Destination: '/etc/app', RW: false },
  ],
  NetworkSettings: {
    Networks: { shop_default: { NetworkID: 'n1', IPAddress: '172.18.0.3', Aliases: ['web', 'aaaaaaaaaaaa'] } },
    Ports: { '80/tcp': [{ HostIp: '0.0.0.0', HostPort: '8080' }, { HostIp: '::', HostPort: '8080' }], '443/tcp': null },
  },
};

test('an inspect read into facts: command, state, env, ports, mounts, networks, limits, policy, health, labels, links', () => {
  const f = containerFacts(inspect as unknown as ContainerInspect);
  assert.equal(f.name, 'web');
  assert.equal(f.image, 'nginx:1.27');
  assert.deepEqual(f.command, ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;']);
  assert.equal(f.restarts, 2);
  assert.deepEqual(f.env, [
    { key: 'PATH', value: '/usr/bin' },
    { key: 'DB_PASSWORD', value: 'hunter2' },
    { key: 'EMPTY', value: '' },
  ]);
  assert.deepEqual(f.ports, [
    { port: '80/tcp', published: [{ ip: '0.0.0.0', port: '8080' }, { ip: '::', port: '8080' }] },
    { port: '443/tcp', published: [] },
  ]);
  assert.deepEqual(
    f.mounts.map((m) => [m.type, m.name ?? m.source, m.destination, m.readWrite]),
    [
      ['volume', 'data', '/data', true],
      ['bind', '/etc/app', '/etc/app', false],
    ],
  );
  assert.deepEqual(f.networks, [{ name: 'shop_default', id: 'n1', ip: '172.18.0.3', ip6: undefined, aliases: ['web', 'aaaaaaaaaaaa'] }]);
  assert.deepEqual(f.limits, { memory: 268435456, memorySwap: undefined, nanoCpus: 1.5e9, cpuShares: undefined, cpuQuota: undefined, cpuPeriod: undefined, cpusetCpus: undefined, pidsLimit: undefined });
  assert.deepEqual(f.restartPolicy, { name: 'on-failure', maxRetries: 5 });
  assert.deepEqual(f.health, {
    test: ['CMD-SHELL', 'curl -f localhost || exit 1'],
    intervalNs: 5e9,
    timeoutNs: undefined,
    startPeriodNs: undefined,
    retries: 4,
    status: 'unhealthy',
    failingStreak: 3,
    log: [{ start: '2026-01-01T00:00:01Z', end: '2026-01-01T00:00:01.2Z', exitCode: 1, output: 'nope\n' }],
  });
  assert.deepEqual(f.links, ['/db:/web/db']);
  assert.deepEqual(f.shell, ['/bin/bash', '-c']);
});

test('a bare inspect (fields missing, nulls where Go has nil slices) reads as absent, never a crash', () => {
  const f = containerFacts({ Id: 'b'.repeat(64), Config: { Env: null, Cmd: null }, Mounts: null, NetworkSettings: { Networks: null, Ports: null } } as unknown as ContainerInspect);
  assert.equal(f.name, '');
  assert.deepEqual([f.env, f.ports, f.mounts, f.networks, f.command], [[], [], [], [], []]);
  assert.equal(f.health, undefined);
  assert.deepEqual(f.restartPolicy, { name: 'no', maxRetries: undefined });
});

test('a check turned off (NONE) with no health state is no health check', () => {
  assert.equal(containerFacts({ Id: 'c', Config: { Healthcheck: { Test: ['NONE'] } } } as unknown as ContainerInspect).health, undefined);
});

test('the check run now: CMD as its argv, CMD-SHELL through the container’s shell (sh -c by default), NONE not at all', () => {
  const health = (test: string[]) => ({ test, log: [] });
  for (const [test, shell, expected] of [
    [['CMD', '/bin/check', '--fast'], undefined, { argv: ['/bin/check', '--fast'] }],
    [['CMD-SHELL', 'exit 1'], undefined, { argv: ['/bin/sh', '-c', 'exit 1'] }],
    [['CMD-SHELL', 'exit 1'], ['/bin/bash', '-c'], { argv: ['/bin/bash', '-c', 'exit 1'] }],
    [['NONE'], undefined, { none: 'its health check is turned off (NONE)' }],
    [[], undefined, { none: 'it has no health check test to run' }],
    [['CMD'], undefined, { none: 'it has no health check test to run' }],
  ] as const) {
    assert.deepEqual(checkArgv(health([...test]), shell), expected, test.join(' '));
  }
});
