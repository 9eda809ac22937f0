/**
 * The pure parts of ports and forwards: a container's ports from its inspect, the address a
 * published port is reached at (the engine's host on a remote engine, never localhost or
 * 0.0.0.0), the browser that opens it, and the ssh master's `-L` argument.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forwardArgument, sshForwardArgs } from '../../../src/engine/ssh-forward.ts';
import type { Endpoint } from '../../../src/engine/transport.ts';
import type { ContainerInspect } from '../../../src/engine/types.ts';
import { browserCommand } from '../../../src/state/forwards/browser.ts';
import { portsOf } from '../../../src/state/forwards/port-list.ts';
import { portAddress } from '../../../src/state/forwards/port-url.ts';

const inspect = (fields: Record<string, unknown>): ContainerInspect => ({ Id: 'c1', ...fields });

test('portsOf: published (every binding, deduplicated), exposed only, the asked-for bindings of a container not running, the host network', () => {
  const cases: Array<{ name: string; inspect: ContainerInspect; want: ReturnType<typeof portsOf> }> = [
    {
      name: 'running, published on v4 and v6, and one exposed only',
      inspect: inspect({
        Config: { ExposedPorts: { '80/tcp': {}, '5432/tcp': {} } },
        NetworkSettings: { Ports: { '80/tcp': [{ HostIp: '0.0.0.0', HostPort: '8080' }, { HostIp: '::', HostPort: '8080' }, { HostIp: '0.0.0.0', HostPort: '8080' }], '5432/tcp': null } },
      }),
      want: [
        { port: 80, proto: 'tcp', published: [{ hostIp: '0.0.0.0', hostPort: 8080 }, { hostIp: '::', hostPort: 8080 }], hostNetwork: false },
        { port: 5432, proto: 'tcp', published: [], hostNetwork: false },
      ],
    },
    {
      name: 'stopped: what the run asked for',
      inspect: inspect({ NetworkSettings: { Ports: {} }, HostConfig: { PortBindings: { '53/udp': [{ HostIp: '127.0.0.1', HostPort: '5353' }] } } }),
      want: [{ port: 53, proto: 'udp', published: [{ hostIp: '127.0.0.1', hostPort: 5353 }], hostNetwork: false }],
    },
    {
      name: 'the host network: the port is the host’s own',
      inspect: inspect({ Config: { ExposedPorts: { '9000/tcp': {} } }, HostConfig: { NetworkMode: 'host' } }),
      want: [{ port: 9000, proto: 'tcp', published: [{ hostIp: '', hostPort: 9000 }], hostNetwork: true }],
    },
    {
      name: 'nonsense keys and ports are left out; no fields at all is no ports',
      inspect: inspect({ Config: { ExposedPorts: { 'abc/tcp': {}, '70000/tcp': {} } }, NetworkSettings: { Ports: { '81/tcp': [{ HostIp: '', HostPort: 'x' }] } } }),
      want: [{ port: 81, proto: 'tcp', published: [], hostNetwork: false }],
    },
    { name: 'nothing', inspect: inspect({}), want: [] },
  ];
  for (const c of cases) assert.deepEqual(portsOf(c.inspect), c.want, c.name);
});

test('portAddress: this machine for a local engine, the engine’s host for a remote one, never 0.0.0.0; a remote loopback is refused', () => {
  const unix: Endpoint = { kind: 'unix', socketPath: '/run/docker.sock', label: 'unix:///run/docker.sock' };
  const ssh: Endpoint = { kind: 'ssh', address: { host: 'box.example' }, label: 'ssh://box.example' };
  const tcp: Endpoint = { kind: 'tcp', host: 'fd00::5', port: 2376, tls: true, label: 'tcp://[fd00::5]:2376' };
  const cases: Array<[Endpoint, string, number, number, string | undefined]> = [
    [unix, '0.0.0.0', 8080, 80, 'http://localhost:8080/'],
    [unix, '', 8443, 8443, 'https://localhost:8443/'],
    [unix, '127.0.0.1', 8080, 80, 'http://127.0.0.1:8080/'],
    [ssh, '0.0.0.0', 8080, 80, 'http://box.example:8080/'],
    [ssh, '::', 8080, 80, 'http://box.example:8080/'],
    [ssh, '10.0.0.7', 8080, 80, 'http://10.0.0.7:8080/'],
    [ssh, '127.0.0.1', 8080, 80, undefined],
    [tcp, '0.0.0.0', 443, 443, 'https://[fd00::5]:443/'],
  ];
  // An ssh alias resolved as ssh resolves it (its HostName) is the host the URL names.
  const resolved = portAddress(ssh, { hostIp: '0.0.0.0', hostPort: 80 }, 80, '192.0.2.7');
  assert.equal(resolved.ok && resolved.url, 'http://192.0.2.7:80/');
  for (const [endpoint, hostIp, hostPort, port, want] of cases) {
    const got = portAddress(endpoint, { hostIp, hostPort }, port);
    assert.equal(got.ok ? got.url : undefined, want, `${endpoint.label} ${hostIp}:${hostPort}`);
    if (!got.ok) assert.match(got.why, /loopback .*forward it/);
  }
});

test('browserCommand: $BROWSER first (%s or appended), open on macOS, xdg-open only with a display, none over ssh', () => {
  const url = 'http://h:1/';
  const path = { PATH: '/usr/bin:/bin' };
  assert.deepEqual(browserCommand(url, { BROWSER: 'firefox --new-tab' }, 'linux'), ['firefox', '--new-tab', url]);
  assert.deepEqual(browserCommand(url, { BROWSER: 'w3m %s:lynx' }, 'linux'), ['w3m', url]);
  assert.deepEqual(browserCommand(url, {}, 'darwin'), ['open', url]);
  assert.equal(browserCommand(url, { ...path }, 'linux'), undefined, 'no display: no browser');
  assert.equal(browserCommand(url, { PATH: '/nonexistent', DISPLAY: ':0' }, 'linux'), undefined, 'a display but no xdg-open');
});

test('the ssh master’s forward: this machine’s loopback only, the host in brackets when IPv6, through the control socket', () => {
  assert.equal(forwardArgument({ localPort: 18080, host: '127.0.0.1', port: 8080 }), '127.0.0.1:18080:127.0.0.1:8080');
  assert.equal(forwardArgument({ localPort: 1, host: '::1', port: 2 }), '127.0.0.1:1:[::1]:2');
  const { file, args } = sshForwardArgs({ host: 'box', user: 'me', port: 2222 }, { BERTH_SSH_COMMAND: 'ssh -F /cfg' }, '/run/s%1', 'cancel', { localPort: 1, host: '127.0.0.1', port: 2 });
  assert.equal(file, 'ssh');
  assert.deepEqual(args, ['-F', '/cfg', '-o', 'BatchMode=yes', '-o', 'ControlPath=/run/s%%1', '-O', 'cancel', '-L', '127.0.0.1:1:127.0.0.1:2', '-l', 'me', '-p', '2222', '--', 'box']);
});
