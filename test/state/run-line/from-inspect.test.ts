/**
 * A container's inspect back into the run form: what the image sets is left out, what the run
 * set comes back as the form would say it, anonymous volumes are reused by name, and what the
 * form cannot say is named.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createConfig } from '../../../src/state/actions/run-container.ts';
import { checkRunOptions } from '../../../src/state/run-line/create-body.ts';
import { bytesOption, runOptionsFromInspect, type ImageForRun, type InspectForRun } from '../../../src/state/run-line/from-inspect.ts';
import { emptyOptions, type RunOptions } from '../../../src/state/run-line/options.ts';

const image: ImageForRun = {
  Config: {
    Cmd: ['nginx', '-g', 'daemon off;'],
    Entrypoint: ['/docker-entrypoint.sh'],
    Env: ['PATH=/usr/local/sbin:/usr/bin', 'NGINX_VERSION=1.25'],
    Labels: { maintainer: 'NGINX' },
    ExposedPorts: { '80/tcp': {} },
    WorkingDir: '',
    User: '',
  },
};

/** What the engine keeps of a create made from these options, on top of the image's config. */
function inspectOf(options: RunOptions): InspectForRun {
  const checked = checkRunOptions(options);
  assert.ok(checked.extras, JSON.stringify(checked.errors));
  const body = createConfig({ image: options.image, cmd: options.command.length > 0 ? [...options.command] : undefined, name: options.name, tty: options.tty, detached: true, extras: checked.extras, env: options.env });
  const own = image.Config ?? {};
  return {
    Id: 'abcdef0123456789',
    Name: `/${options.name}`,
    Config: {
      Image: options.image,
      Cmd: body.Cmd ?? (body.Entrypoint ? [] : own.Cmd),
      Entrypoint: body.Entrypoint ?? own.Entrypoint,
      Env: [...(own.Env ?? []), ...(body.Env ?? [])],
      Labels: { ...own.Labels, ...body.Labels },
      WorkingDir: body.WorkingDir ?? own.WorkingDir,
      User: (body.User as string | undefined) ?? own.User,
      Hostname: (body.Hostname as string | undefined) ?? 'abcdef012345',
      Tty: body.Tty,
      ExposedPorts: { ...own.ExposedPorts, ...(body.ExposedPorts as Record<string, unknown> | undefined) },
    },
    HostConfig: { RestartPolicy: { Name: 'no' }, NetworkMode: 'bridge', ...(body.HostConfig as InspectForRun['HostConfig']) },
  };
}

test('a run made from the form comes back as the same form', () => {
  const cases: RunOptions[] = [
    { ...emptyOptions('nginx:1.25'), name: 'web', detach: true },
    {
      ...emptyOptions('nginx:1.25'),
      name: 'web',
      detach: true,
      command: ['nginx', '-T'],
      publish: ['8080:80', '127.0.0.1:8443:443', '53/udp', '127.0.0.1::9000'],
      env: ['GREETING=hello', 'EMPTY='],
      volume: ['/srv/site:/usr/share/nginx/html:ro', 'data:/data'],
      mount: ['type=tmpfs,target=/cache'],
      label: ['team=web', 'tier'],
      restart: 'on-failure:3',
      network: 'backend',
      workdir: '/srv',
      user: '101:101',
      hostname: 'front',
      memory: '512m',
      cpus: '1.5',
      rm: false,
      publishAll: true,
    },
    { ...emptyOptions('nginx:1.25'), name: 'shell', detach: true, entrypoint: 'sh', command: ['-c', 'sleep 1'], restart: 'unless-stopped', tty: true },
  ];
  for (const options of cases) {
    const back = runOptionsFromInspect(inspectOf(options), image);
    assert.deepEqual(back.options, options);
    assert.deepEqual(back.notRebuilt, []);
  }
});

test('what the image sets is left out, so an updated image’s defaults are not frozen', () => {
  const back = runOptionsFromInspect(
    {
      Id: 'abc123',
      Name: '/web',
      Config: { Image: 'nginx:1.25', Cmd: ['nginx', '-g', 'daemon off;'], Entrypoint: ['/docker-entrypoint.sh'], Env: ['PATH=/usr/local/sbin:/usr/bin', 'NGINX_VERSION=1.25', 'MODE=prod'], Labels: { maintainer: 'NGINX', app: 'site' }, Hostname: 'abc123' },
      HostConfig: {},
    },
    image,
  );
  assert.deepEqual(back.options.command, []);
  assert.equal(back.options.entrypoint, '');
  assert.deepEqual(back.options.env, ['MODE=prod']);
  assert.deepEqual(back.options.label, ['app=site']);
  assert.equal(back.options.hostname, '');
  // A value the run changed is the run's.
  const changed = runOptionsFromInspect({ Config: { Image: 'nginx', Env: ['NGINX_VERSION=1.26'], Labels: { maintainer: 'me' } } }, image);
  assert.deepEqual(changed.options.env, ['NGINX_VERSION=1.26']);
  assert.deepEqual(changed.options.label, ['maintainer=me']);
});

test('what the engine adds (Podman: its env, workdir /, stop timeout and signal) is left out', () => {
  const back = runOptionsFromInspect(
    {
      Id: 'dc3cc5e4c0de00',
      Config: {
        Image: 'busybox',
        Hostname: 'dc3cc5e4c0de',
        Env: ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', 'TERM=xterm', 'container=podman', 'A=1', 'HOME=/root', 'HOSTNAME=dc3cc5e4c0de'],
        WorkingDir: '/',
        StopSignal: '15',
        StopTimeout: 10,
      },
      HostConfig: { NetworkMode: 'bridge', RestartPolicy: { Name: 'no', MaximumRetryCount: 0 }, CapAdd: [], Dns: [], PidMode: 'private' },
    },
    { Config: { Env: null, Cmd: ['/bin/sh'], WorkingDir: '' } },
  );
  assert.deepEqual(back.options.env, ['A=1']);
  assert.equal(back.options.workdir, '');
  assert.equal(back.options.hostname, '');
  assert.deepEqual(back.notRebuilt, []);
});

test('anonymous volumes are reused by name; named ones and binds stay as written', () => {
  const back = runOptionsFromInspect(
    {
      Config: { Image: 'postgres' },
      HostConfig: { Binds: ['/etc/pg:/etc/postgresql:ro', 'logs:/var/log'] },
      Mounts: [
        { Type: 'bind', Source: '/etc/pg', Destination: '/etc/postgresql' },
        { Type: 'volume', Name: 'logs', Destination: '/var/log' },
        { Type: 'volume', Name: 'f00dbabe', Destination: '/var/lib/postgresql/data' },
      ],
    },
    {},
  );
  assert.deepEqual(back.options.volume, ['/etc/pg:/etc/postgresql:ro', 'logs:/var/log', 'f00dbabe:/var/lib/postgresql/data']);
  // Podman names every volume in Binds, with the mount options it applied: -v takes its own modes only.
  const podman = runOptionsFromInspect({ Config: { Image: 'busybox' }, HostConfig: { Binds: ['02f8:/data:rw,rprivate,nosuid,nodev,rbind', '/srv:/srv:ro,rprivate,rbind'] } }, {});
  assert.deepEqual(podman.options.volume, ['02f8:/data', '/srv:/srv:ro']);
});

test('an entrypoint of several words: the first is --entrypoint, the rest lead the command', () => {
  const back = runOptionsFromInspect({ Config: { Image: 'x', Entrypoint: ['tini', '--'], Cmd: ['app'] } }, { Config: { Entrypoint: ['app-entry'] } });
  assert.equal(back.options.entrypoint, 'tini');
  assert.deepEqual(back.options.command, ['--', 'app']);
});

test('what the form cannot say is named', () => {
  const back = runOptionsFromInspect(
    {
      Config: { Image: 'x', ExposedPorts: { '9000/tcp': {} } },
      HostConfig: { Privileged: true, CapAdd: ['NET_ADMIN'], Dns: ['1.1.1.1'], Init: true, Tmpfs: { '/run': '' } },
      NetworkSettings: { Networks: { a: {}, b: {} } },
    },
    {},
  );
  assert.deepEqual([...back.notRebuilt].sort(), ['--cap-add', '--dns', '--expose', '--init', '--network (a second network)', '--privileged', '--tmpfs'].sort());
});

test('bytes as -m takes them', () => {
  assert.equal(bytesOption(512 * 1024 * 1024), '512m');
  assert.equal(bytesOption(2 * 1024 ** 3), '2g');
  assert.equal(bytesOption(6 * 1024 * 1024 + 1), '6291457b');
});
