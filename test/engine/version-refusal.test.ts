import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError } from '../../src/engine/errors.ts';
import { connectionError, isVersionRefusal } from '../../src/engine/http.ts';
import { pinAdvice, pinnedVersion } from '../../src/engine/version.ts';

test("the engine's refusals of an API version are recognised, and nothing else is", () => {
  assert.ok(isVersionRefusal(400, 'client version 0.1 is too old. Minimum supported API version is 1.12, please upgrade your client to a newer version'));
  assert.ok(isVersionRefusal(400, 'client version 1.99 is too new. Maximum supported API version is 1.41'));
  assert.ok(!isVersionRefusal(500, 'client version 1.99 is too new. Maximum supported API version is 1.41'));
  assert.ok(!isVersionRefusal(400, 'invalid reference format'));
  assert.ok(!isVersionRefusal(400, 'conflict: unable to remove repository reference "busybox" (must force)'));
});

test('what to do about a refused pin: drop it, or the versions both the engine and berth speak', () => {
  const cases: Array<[Parameters<typeof pinAdvice>, string]> = [
    [['--api-version', '0.1', '1.12', '1.41'], '--api-version pins 0.1: drop --api-version (berth then negotiates a version) or pin one from 1.40 to 1.41'],
    [['DOCKER_API_VERSION', '1.99', '1.12', '1.41'], 'DOCKER_API_VERSION pins 1.99: drop DOCKER_API_VERSION (berth then negotiates a version) or pin one from 1.40 to 1.41'],
    [['--api-version', '1.60', '1.40', '1.56'], '--api-version pins 1.60: drop --api-version (berth then negotiates a version) or pin one from 1.40 to 1.51'],
    [['--api-version', '1.30', '1.44', '1.44'], '--api-version pins 1.30: drop --api-version (berth then negotiates a version) or pin 1.44'],
    // Unknown range, or an engine berth cannot speak to at all: only the first advice holds.
    [['--api-version', '0.1', undefined, undefined], '--api-version pins 0.1: drop --api-version (berth then negotiates a version)'],
    [['--api-version', '0.1', '1.12', '1.30'], '--api-version pins 0.1: drop --api-version (berth then negotiates a version)'],
  ];
  for (const [args, expected] of cases) assert.equal(pinAdvice(...args), expected, args.join(' '));
});

test('a badly formed pin names the option or the variable it came from', () => {
  assert.throws(() => pinnedVersion('banana', '--api-version'), (e: unknown) => e instanceof EngineError && e.code === 'CONFIG' && e.message === '--api-version "banana" must look like 1.41');
  assert.throws(() => pinnedVersion('zz', 'DOCKER_API_VERSION'), /DOCKER_API_VERSION "zz" must look like 1\.41/);
});

test('a host name that does not resolve says so, rather than "lost the connection"', () => {
  const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND garbage'), { code: 'ENOTFOUND', hostname: 'garbage' });
  const error = connectionError(notFound, 'list containers', 'tcp://garbage:2375');
  assert.equal(error.code, 'UNREACHABLE');
  assert.equal(error.message, 'the host name "garbage" of tcp://garbage:2375 does not resolve');
  assert.match(error.hint ?? '', /DOCKER_HOST/);
  assert.doesNotMatch(error.message, /lost the connection/);

  const noName = Object.assign(new Error('getaddrinfo EAI_AGAIN box.example'), { code: 'EAI_AGAIN' });
  assert.equal(connectionError(noName, 'ping', 'tcp://box.example:2376').message, 'cannot look up the host name "box.example" of tcp://box.example:2376 (no answer from the name server)');
});
