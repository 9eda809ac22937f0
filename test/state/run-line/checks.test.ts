import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkBytes, checkCpus, checkEnv, checkLabel, checkMemory, checkMount, checkPublish, checkRestart, checkVolume, checkWorkdir } from '../../../src/state/run-line/checks.ts';
import { checkRunOptions, parseEnvFile, resolveEnv } from '../../../src/state/run-line/create-body.ts';
import { emptyOptions } from '../../../src/state/run-line/options.ts';

function message(checked: { ok: boolean; message?: string }): string {
  assert.equal(checked.ok, false);
  return checked.message ?? '';
}

test('-p: every spelling the CLI takes, and what it refuses', () => {
  assert.deepEqual(checkPublish('8080:80'), { ok: true, value: [{ key: '80/tcp', hostIp: '', hostPort: '8080' }] });
  assert.deepEqual(checkPublish('80'), { ok: true, value: [{ key: '80/tcp', hostIp: '', hostPort: '' }] });
  assert.deepEqual(checkPublish('127.0.0.1:5353:53/udp'), { ok: true, value: [{ key: '53/udp', hostIp: '127.0.0.1', hostPort: '5353' }] });
  assert.deepEqual(checkPublish('127.0.0.1::80'), { ok: true, value: [{ key: '80/tcp', hostIp: '127.0.0.1', hostPort: '' }] });
  assert.deepEqual(checkPublish('[::1]:8080:80'), { ok: true, value: [{ key: '80/tcp', hostIp: '::1', hostPort: '8080' }] });
  assert.equal((checkPublish('8000-8001:80-81') as { value: unknown[] }).value.length, 2);
  assert.match(message(checkPublish('abc')), /invalid containerPort: abc/);
  assert.match(message(checkPublish('x:80')), /invalid hostPort: x/);
  assert.match(message(checkPublish('80/http')), /invalid proto: http/);
  assert.match(message(checkPublish('70000')), /invalid containerPort/);
  assert.match(message(checkPublish('8000-8002:80-81')), /invalid ranges/);
});

test('-e, -l, -v and --mount', () => {
  assert.equal(checkEnv('A=1').ok, true);
  assert.equal(checkEnv('HOME').ok, true);
  assert.match(message(checkEnv('=x')), /invalid environment variable: =x/);
  assert.deepEqual(checkLabel('tier'), { ok: true, value: ['tier', ''] });
  assert.deepEqual(checkLabel('a=b=c'), { ok: true, value: ['a', 'b=c'] });
  assert.deepEqual(checkVolume('/data'), { ok: true, value: { kind: 'anonymous', target: '/data' } });
  assert.deepEqual(checkVolume('/h:/c:ro'), { ok: true, value: { kind: 'bind', spec: '/h:/c:ro' } });
  assert.equal(checkVolume('named:/c').ok, true);
  assert.match(message(checkVolume('/h:c')), /must be an absolute path/);
  assert.match(message(checkVolume('/h:/c:bogus')), /invalid mode: bogus/);
  assert.deepEqual(checkMount('type=bind,source=/h,target=/c,readonly'), { ok: true, value: { Type: 'bind', Source: '/h', Target: '/c', ReadOnly: true } });
  assert.deepEqual(checkMount('type=tmpfs,dst=/t,tmpfs-size=64m'), { ok: true, value: { Type: 'tmpfs', Target: '/t', TmpfsOptions: { SizeBytes: 64 * 1024 * 1024 } } });
  assert.match(message(checkMount('type=bind,target=/c')), /source is required/);
  assert.match(message(checkMount('source=v')), /target is required/);
  assert.match(message(checkMount('type=nfs,target=/c')), /invalid mount type: nfs/);
  assert.match(message(checkMount('target=/c,colour=red')), /unexpected key 'colour'/);
});

test('--restart, -m, --cpus, -w', () => {
  assert.deepEqual(checkRestart('on-failure:3', false), { ok: true, value: { Name: 'on-failure', MaximumRetryCount: 3 } });
  assert.match(message(checkRestart('always:3', false)), /maximum retry count cannot be used with restart policy 'always'/);
  assert.match(message(checkRestart('sometimes', false)), /invalid restart policy 'sometimes'/);
  assert.match(message(checkRestart('always', true)), /Conflicting options: --restart and --rm/);
  assert.deepEqual(checkBytes('memory', '1.5g'), { ok: true, value: 1.5 * 1024 ** 3 });
  assert.deepEqual(checkMemory('512mb'), { ok: true, value: 512 * 1024 ** 2 });
  assert.match(message(checkMemory('4m')), /Minimum memory limit allowed is 6MB/);
  assert.match(message(checkMemory('lots')), /invalid memory: lots/);
  assert.deepEqual(checkCpus('1.5'), { ok: true, value: 1_500_000_000 });
  assert.match(message(checkCpus('two')), /invalid argument "two" for "--cpus"/);
  assert.match(message(checkWorkdir('app')), /needs to be an absolute path/);
});

test('the options become the create request as the CLI builds it', () => {
  const { errors, extras } = checkRunOptions({
    ...emptyOptions('nginx'),
    publish: ['8080:80', '127.0.0.1:8443:443'],
    volume: ['/srv:/usr/share/nginx/html:ro', '/cache'],
    mount: ['type=tmpfs,target=/tmp'],
    label: ['team=web'],
    rm: true,
    network: 'host',
    workdir: '/w',
    user: '1000:1000',
    entrypoint: 'sh',
    hostname: 'web',
    memory: '64m',
    cpus: '0.5',
    interactive: true,
    publishAll: true,
  });
  assert.deepEqual(errors, {});
  assert.deepEqual(extras?.config, {
    ExposedPorts: { '80/tcp': {}, '443/tcp': {} },
    Volumes: { '/cache': {} },
    Labels: { team: 'web' },
    WorkingDir: '/w',
    User: '1000:1000',
    Entrypoint: ['sh'],
    Hostname: 'web',
    OpenStdin: true,
  });
  assert.deepEqual(extras?.hostConfig, {
    PortBindings: { '80/tcp': [{ HostIp: '', HostPort: '8080' }], '443/tcp': [{ HostIp: '127.0.0.1', HostPort: '8443' }] },
    PublishAllPorts: true,
    Binds: ['/srv:/usr/share/nginx/html:ro'],
    Mounts: [{ Type: 'tmpfs', Target: '/tmp' }],
    AutoRemove: true,
    NetworkMode: 'host',
    Memory: 64 * 1024 ** 2,
    NanoCpus: 500_000_000,
  });
});

test('each bad option is named, and nothing is built', () => {
  const { errors, extras } = checkRunOptions({ ...emptyOptions('x'), publish: ['abc'], restart: 'always', rm: true, cpus: 'x' });
  assert.equal(extras, undefined);
  assert.deepEqual(Object.keys(errors).sort(), ['cpus', 'publish', 'restart']);
});

test('env files as the CLI reads them, then -e, which wins; bare names from the environment', () => {
  const env = { HOME: '/root' };
  const lookup = (n: string) => env[n as keyof typeof env];
  assert.deepEqual(parseEnvFile('f', '# c\n\n  A=1\nB="q"\nHOME\nUNSET\n', lookup), { ok: true, value: ['A=1', 'B="q"', 'HOME=/root'] });
  assert.match((parseEnvFile('f', '=x', lookup) as { message: string }).message, /no variable name on line 1/);
  assert.match((parseEnvFile('f', 'A B', lookup) as { message: string }).message, /variable 'A B' contains whitespaces/);
  assert.deepEqual(resolveEnv(['A=1'], ['A=2', 'HOME', 'UNSET'], lookup), ['A=1', 'A=2', 'HOME=/root']);
});
