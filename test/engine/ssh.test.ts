import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError } from '../../src/engine/errors.ts';
import { sshFailure } from '../../src/engine/ssh.ts';
import { parseSshAddress, remoteEngineSocket, socketForwardArgument, sshCanShare, sshCommand, sshMasterCommand } from '../../src/engine/ssh-address.ts';

test('ssh addresses: user, host, port and a remote socket path, as the docker CLI reads them', () => {
  assert.deepEqual(parseSshAddress('ssh://alice@example.com:2222'), { host: 'example.com', user: 'alice', port: 2222 });
  assert.deepEqual(parseSshAddress('ssh://[::1]'), { host: '::1' });
  assert.deepEqual(parseSshAddress('ssh://box/run/user/1000/docker.sock'), { host: 'box', socketPath: '/run/user/1000/docker.sock' });
  for (const bad of ['ssh://', 'ssh://me:pw@box', 'ssh://box?x=1']) assert.throws(() => parseSshAddress(bad), (e: unknown) => e instanceof EngineError && e.code === 'CONFIG', bad);
});

test('the ssh command is the CLI one, never prompts, and honours BERTH_SSH_COMMAND', () => {
  assert.deepEqual(sshCommand({ host: 'box', user: 'alice', port: 2222 }, {}), {
    file: 'ssh',
    args: ['-o', 'ConnectTimeout=30', '-o', 'BatchMode=yes', '-T', '-l', 'alice', '-p', '2222', '--', 'box', 'docker', 'system', 'dial-stdio'],
  });
  const custom = sshCommand({ host: 'box', socketPath: "/run/it's.sock" }, { BERTH_SSH_COMMAND: 'ssh -F "$CFG/my config" -i key', CFG: '/etc/x' });
  assert.equal(custom.file, 'ssh');
  assert.deepEqual(custom.args.slice(0, 4), ['-F', '/etc/x/my config', '-i', 'key']);
  // The remote shell sees the socket path quoted.
  const quoted = custom.args.at(-3) ?? '';
  assert.deepEqual([custom.args.at(-5), custom.args.at(-4), custom.args.at(-2), custom.args.at(-1)], ['docker', '--host', 'system', 'dial-stdio']);
  assert.equal(quoted, `"unix:///run/it's.sock"`);
  assert.throws(() => sshCommand({ host: 'box' }, { BERTH_SSH_COMMAND: 'ssh | tee log' }), /plain command/);
});

test('one master per engine: it logs in and runs nothing, never persists, and the connections run through it', () => {
  const env = { BERTH_SSH_COMMAND: 'ssh -F /my/config' };
  assert.deepEqual(sshMasterCommand({ host: 'box', user: 'alice', port: 2222 }, env, '/run/user/1/berth-ssh-x/1'), {
    file: 'ssh',
    args: ['-F', '/my/config', '-o', 'ConnectTimeout=30', '-o', 'BatchMode=yes', '-T', '-l', 'alice', '-p', '2222', '-N', '-o', 'ControlMaster=yes', '-o', 'ControlPath=/run/user/1/berth-ssh-x/1', '-o', 'ControlPersist=no', '--', 'box'],
  });
  const session = sshCommand({ host: 'box' }, env, '/tmp/100%/berth-ssh-x/2');
  // ssh expands % tokens in ControlPath: a literal % is written twice.
  assert.deepEqual(session.args.slice(0, session.args.indexOf('--')), ['-F', '/my/config', '-o', 'ConnectTimeout=30', '-o', 'BatchMode=yes', '-T', '-o', 'ControlMaster=no', '-o', 'ControlPath=/tmp/100%%/berth-ssh-x/2']);
  assert.deepEqual(session.args.slice(session.args.indexOf('--')), ['--', 'box', 'docker', 'system', 'dial-stdio']);
  // OpenSSH's ssh shares a login; another client keeps one ssh per connection.
  assert.equal(sshCanShare({}), true);
  assert.equal(sshCanShare({ BERTH_SSH_COMMAND: '/usr/local/bin/ssh -i key' }), true);
  assert.equal(sshCanShare({ BERTH_SSH_COMMAND: 'plink -batch' }), false);
  assert.equal(sshCanShare({ BERTH_SSH_COMMAND: '/opt/bin/my-ssh-wrapper' }), false);
});

test("the master forwards the engine's socket: the address's path, else the default one, where ssh can read it", () => {
  assert.equal(remoteEngineSocket({ host: 'box' }), '/var/run/docker.sock');
  assert.equal(remoteEngineSocket({ host: 'box', socketPath: '/run/user/1000/docker.sock' }), '/run/user/1000/docker.sock');
  assert.equal(socketForwardArgument('/run/user/0/berth-ssh-x/e', '/var/run/docker.sock'), '/run/user/0/berth-ssh-x/e:/var/run/docker.sock');
  // ssh splits `-L` at colons; a path it would misread is not forwarded (dial-stdio then).
  for (const [local, remote] of [['/tmp/a:b/e', '/var/run/docker.sock'], ['/tmp/x/e', '/run/odd:name.sock'], ['/tmp/x/e', 'relative.sock'], ['/tmp/x/e', '/run/with space.sock']]) {
    assert.equal(socketForwardArgument(local!, remote!), undefined, `${local} ${remote}`);
  }
  const { args } = sshMasterCommand({ host: 'box' }, {}, '/tmp/x/s', '/tmp/x/e:/var/run/docker.sock');
  assert.deepEqual(args.slice(args.indexOf('-N')), ['-N', '-o', 'ControlMaster=yes', '-o', 'ControlPath=/tmp/x/s', '-o', 'ControlPersist=no', '-L', '/tmp/x/e:/var/run/docker.sock', '--', 'box']);
});

const exit = (code: number | null, stderr: string) => sshFailure({ code, signal: null, stderr, label: 'ssh://me@box:2222' });

test("ssh's failures become messages a person can act on, all of them an unreachable engine", () => {
  const cases: Array<[EngineError, RegExp, RegExp]> = [
    [exit(255, 'ssh: Could not resolve hostname box: Name or service not known\r\n'), /cannot find the host "box"/, /host name/],
    [exit(255, 'No ED25519 host key is known for [127.0.0.1]:2222 and you have requested strict checking.\r\nHost key verification failed.\r\n'), /does not know the host key of box/, /BatchMode=yes/],
    [exit(255, '@@@@@\r\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\r\nHost key verification failed.\r\n'), /host key of box has changed/, /ssh-keygen -R box/],
    [exit(255, 'me@box: Permission denied (publickey,password).\r\n'), /box refused the ssh login \(publickey,password\)/, /ssh-agent/],
    [exit(255, 'ssh: connect to host box port 2222: Connection refused\r\n'), /connection refused by box/, /sshd/],
    [exit(127, 'sh: 1: docker: not found\n'), /no docker command on box/, /dial-stdio/],
    [exit(1, 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?\n'), /docker on box cannot reach its engine/, /running/],
  ];
  for (const [error, message, hint] of cases) {
    assert.ok(error.isUnreachable, error.message);
    assert.match(error.message, message);
    assert.match(error.hint ?? '', hint);
  }
  const other = exit(3, 'first\nsomething odd \u001b]0;title\u0007 happened\n');
  assert.match(other.message, /ended with exit status 3: something odd/);
  assert.ok(!/\u001b|\u0007/.test(other.message), 'no control characters from the remote side');
});
