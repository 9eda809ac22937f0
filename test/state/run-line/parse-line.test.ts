import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emptyOptions } from '../../../src/state/run-line/options.ts';
import { isRunLine, parseRunLine } from '../../../src/state/run-line/parse-line.ts';

function parsed(line: string) {
  const result = parseRunLine(line);
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result;
}

test('the README line: switches, values, the image and its quoted command', () => {
  const { options, unsupported } = parsed(`docker run -d -p 8080:80 -e A=1 --name web nginx:1.27 nginx -g 'daemon off;'`);
  assert.deepEqual(options, { ...emptyOptions('nginx:1.27'), detach: true, publish: ['8080:80'], env: ['A=1'], name: 'web', command: ['nginx', '-g', 'daemon off;'] });
  assert.deepEqual(unsupported, []);
});

test('pflag spellings: clustered switches, -p80, -p=80, --flag=value, a switch set to false', () => {
  const { options } = parsed('docker run -dit --rm=false -p80:80 -v=/a:/b --network=host -eA=1 busybox');
  assert.equal(options.detach && options.interactive && options.tty, true);
  assert.equal(options.rm, false);
  assert.deepEqual(options.publish, ['80:80']);
  assert.deepEqual(options.volume, ['/a:/b']);
  assert.deepEqual(options.env, ['A=1']);
  assert.equal(options.network, 'host');
});

test('after the image every word is the command, even one that looks like a flag', () => {
  assert.deepEqual(parsed('docker run busybox ls -l --rm').options.command, ['ls', '-l', '--rm']);
  assert.deepEqual(parsed('docker run -- busybox -x').options, { ...emptyOptions('busybox'), command: ['-x'] });
});

test('flags berth does not build are skipped with their values and named, once each', () => {
  const { options, unsupported } = parsed('docker run --cap-add NET_ADMIN --cap-add=SYS_TIME --privileged --ulimit nofile=1024 -a stdout -p 1:1 busybox');
  assert.deepEqual(unsupported, ['--cap-add', '--privileged', '--ulimit', '--attach']);
  assert.deepEqual(options.publish, ['1:1']);
  assert.equal(options.image, 'busybox');
});

test('what the CLI refuses is refused with its words', () => {
  assert.deepEqual(parseRunLine('docker run --bogus x busybox'), { ok: false, message: 'unknown flag: --bogus' });
  assert.deepEqual(parseRunLine('docker run -Q busybox'), { ok: false, message: "unknown shorthand flag: 'Q' in -Q" });
  assert.deepEqual(parseRunLine('docker run -e'), { ok: false, message: "flag needs an argument: 'e' in -e" });
  assert.deepEqual(parseRunLine('docker run --name'), { ok: false, message: 'flag needs an argument: --name' });
  assert.match((parseRunLine('docker run --rm=maybe busybox') as { message: string }).message, /invalid argument "maybe" for "--rm"/);
  assert.match((parseRunLine('docker run -d') as { message: string }).message, /needs an image/);
  assert.match((parseRunLine('docker run busybox && rm -rf /') as { message: string }).message, /shell operator \(&&\)/);
  assert.match((parseRunLine('docker run a\ndocker run b') as { message: string }).message, /more than one line/);
});

test('as people copy it: a prompt, sudo, continuation lines, podman and docker container run', () => {
  assert.equal(parsed('$ sudo docker run \\\n  -d \\\n  busybox').options.detach, true);
  assert.equal(parsed('podman run busybox').options.image, 'busybox');
  assert.equal(parsed('docker container run -t busybox').options.tty, true);
  assert.equal(isRunLine('  docker run busybox'), true);
  assert.equal(isRunLine('busybox'), false);
  assert.equal(isRunLine('docker pull busybox'), false);
});

test('$VAR stays as written (berth expands nothing) and a comment ends the line', () => {
  const { options } = parsed('docker run -e HOME=$HOME busybox # a comment');
  assert.deepEqual(options.env, ['HOME=$HOME']);
  assert.deepEqual(options.command, []);
});
