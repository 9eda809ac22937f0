import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError } from '../../../src/engine/errors.ts';
import { helperEnv, runCredentialHelper } from '../../../src/engine/auth/index.ts';
import { installHelper, makeSandbox, type Sandbox } from './fixtures.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

let sandbox: Sandbox;
let env: NodeJS.ProcessEnv;
before(async () => {
  sandbox = await makeSandbox();
  await installHelper(sandbox.bin, 'fake');
  env = { PATH: sandbox.path, HOME: sandbox.dir, REGISTRY_PASSWORD: 'ci-s3cret', DOCKER_AUTH_CONFIG: '{"auths":{}}' };
});
after(async () => {
  await sandbox.cleanup();
});

const run = (server: string, timeoutMs?: number) => runCredentialHelper('fake', server, { env, ...(timeoutMs && { timeoutMs }) });

/** Asserts a CONFIG error whose message matches and never contains a secret the fake knows. */
const configError = (pattern: RegExp) => (error: unknown) => {
  assert.ok(error instanceof EngineError, String(error));
  assert.equal(error.code, 'CONFIG');
  assert.match(error.message, pattern);
  assert.doesNotMatch(`${error.message} ${error.hint ?? ''}`, /s3cret|t0ken/);
  return true;
};

void describe('runCredentialHelper', () => {
  void it('username and secret become username and password', async () => {
    assert.deepEqual(await run('registry.example.com:5000'), {
      serveraddress: 'registry.example.com:5000',
      username: 'alice',
      password: 'alice-s3cret',
    });
  });

  void it('runs "<helper> get" with the server URL on stdin', async () => {
    await run('https://index.docker.io/v1/');
    assert.equal(await readFile(join(sandbox.bin, 'last-args'), 'utf8'), 'get\n');
    assert.equal(await readFile(join(sandbox.bin, 'last-stdin'), 'utf8'), 'https://index.docker.io/v1/');
  });

  void it('passes a minimal environment: PATH and HOME, none of our other variables', async () => {
    await run('https://index.docker.io/v1/');
    const names = (await readFile(join(sandbox.bin, 'last-env'), 'utf8'))
      .split('\n')
      .map((line) => line.slice(0, line.indexOf('=')));
    assert.ok(names.includes('PATH') && names.includes('HOME'));
    assert.ok(!names.includes('REGISTRY_PASSWORD') && !names.includes('DOCKER_AUTH_CONFIG'));
    assert.deepEqual(helperEnv({ PATH: '/bin', GNUPGHOME: '/g', SECRET: 'x', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/b' }), {
      PATH: '/bin',
      GNUPGHOME: '/g',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/b',
    });
  });

  void it('"credentials not found" with a failing exit is anonymous', async () => {
    assert.equal(await run('unknown.example.com'), undefined);
  });

  void it('empty Username and Secret (as pass answers) is anonymous', async () => {
    assert.equal(await run('empty.example.com'), undefined);
  });

  void it('the <token> user means the secret is an identity token', async () => {
    assert.deepEqual(await run('token.example.com'), { serveraddress: 'token.example.com', identitytoken: 'refresh-t0ken' });
  });

  void it('a missing helper binary is a CONFIG error naming it', async () => {
    await assert.rejects(
      runCredentialHelper('nonexistent', 'ghcr.io', { env }),
      configError(/credential helper docker-credential-nonexistent was not found on PATH/),
    );
  });

  void it('a helper name that could be a path is refused without running anything', async () => {
    await assert.rejects(runCredentialHelper('../../bin/sh', 'ghcr.io', { env }), configError(/invalid credential helper name/));
  });

  void it('another failure is a CONFIG error with the helper\'s words and exit status', async () => {
    await assert.rejects(run('fails.example.com'), configError(/docker-credential-fake get failed \(exit status 3\): error talking to the keychain daemon/));
  });

  void it('a failure whose output carries the secret does not quote it', async () => {
    await assert.rejects(run('leaky.example.com'), configError(/^docker-credential-fake get failed \(exit status 1\)$/));
  });

  void it('output that is not JSON is a CONFIG error that does not quote it', async () => {
    await assert.rejects(run('garbage.example.com'), configError(/returned output that is not JSON$/));
  });

  void it('a helper that hangs is killed after the timeout', async () => {
    const started = Date.now();
    await assert.rejects(run('slow.example.com', 300), configError(/docker-credential-fake did not answer within 300 ms/));
    assert.ok(Date.now() - started < 5000);
  });
});
