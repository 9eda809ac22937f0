import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { EngineError } from '../../../src/engine/errors.ts';
import { resolveCredentials, type HelperRunner, type RegistryAuth } from '../../../src/engine/auth/index.ts';
import { installHelper, makeSandbox, writeConfig, type Sandbox } from './fixtures.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

let sandbox: Sandbox;
before(async () => {
  sandbox = await makeSandbox();
  await installHelper(sandbox.bin, 'fake');
  await installHelper(sandbox.bin, 'other');
});
after(async () => {
  await sandbox.cleanup();
});

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
let configCount = 0;

/** Writes `config` to a fresh DOCKER_CONFIG directory and resolves `ref` against it with the real helpers. */
async function resolveWith(config: unknown, ref: string, helperRunner?: HelperRunner) {
  const dir = join(sandbox.dir, `config-${configCount++}`);
  await writeConfig(dir, config);
  const env = { DOCKER_CONFIG: dir, PATH: sandbox.path, HOME: sandbox.dir };
  return resolveCredentials(ref, { env, homedir: sandbox.dir, ...(helperRunner && { helperRunner }) });
}

/** A runner that records its calls and answers from a table. */
function recordingRunner(answers: Record<string, RegistryAuth | undefined>) {
  const calls: Array<[string, string]> = [];
  const runner: HelperRunner = (name, url) => {
    calls.push([name, url]);
    return Promise.resolve(answers[`${name} ${url}`]);
  };
  return { calls, runner };
}

void describe('resolveCredentials', () => {
  void it('an auths entry: user and password from the base64 auth field', async () => {
    const result = await resolveWith({ auths: { 'ghcr.io': { auth: b64('alice:pa:ss') } } }, 'ghcr.io/org/app:v1');
    assert.equal(result.source, 'config-file');
    assert.match(result.description, /^from .*config-\d+\/config\.json$/);
    assert.deepEqual(result.auth, { serveraddress: 'ghcr.io', username: 'alice', password: 'pa:ss' });
  });

  void it('Docker Hub is found under its v1 URL key, and ~ shortens the path', async () => {
    const home = join(sandbox.dir, 'home-hub');
    await writeConfig(join(home, '.docker'), { auths: { 'https://index.docker.io/v1/': { auth: b64('hubuser:pw\u0000\u0000') } } });
    const result = await resolveCredentials('alpine', { env: { PATH: sandbox.path }, homedir: home });
    assert.deepEqual(result, {
      source: 'config-file',
      description: 'from ~/.docker/config.json',
      auth: { serveraddress: 'https://index.docker.io/v1/', username: 'hubuser', password: 'pw' },
    });
  });

  void it('keys are matched after hostname normalisation', async () => {
    const result = await resolveWith({ auths: { 'https://registry.example.com:5000/v1/': { auth: b64('bob:pw') } } }, 'registry.example.com:5000/team/app');
    assert.deepEqual(result.auth, { serveraddress: 'registry.example.com:5000', username: 'bob', password: 'pw' });
    const hub = await resolveWith({ auths: { 'index.docker.io': { auth: b64('hub:pw') } } }, 'docker.io/berth/layers');
    assert.equal(hub.auth?.username, 'hub');
  });

  void it('an identitytoken in auths is sent as such', async () => {
    const result = await resolveWith({ auths: { 'ghcr.io': { identitytoken: 'refresh' } } }, 'ghcr.io/org/app');
    assert.deepEqual(result.auth, { serveraddress: 'ghcr.io', identitytoken: 'refresh' });
  });

  void it('an empty {} auths entry is a placeholder, not a credential: credsStore answers', async () => {
    const result = await resolveWith({ auths: { 'registry.example.com:5000': {} }, credsStore: 'fake' }, 'registry.example.com:5000/app');
    assert.deepEqual(result, {
      source: 'credential-helper',
      description: 'from docker-credential-fake',
      auth: { serveraddress: 'registry.example.com:5000', username: 'alice', password: 'alice-s3cret' },
    });
  });

  void it('credHelpers beats credsStore', async () => {
    const { calls, runner } = recordingRunner({ 'other ghcr.io': { serveraddress: 'ghcr.io', username: 'o', password: 'p' } });
    const result = await resolveWith({ credsStore: 'fake', credHelpers: { 'ghcr.io': 'other' } }, 'ghcr.io/org/app', runner);
    assert.deepEqual(calls, [['other', 'ghcr.io']]);
    assert.equal(result.description, 'from docker-credential-other');
  });

  void it('credHelpers beats auths, and Hub helpers get the v1 URL', async () => {
    const result = await resolveWith(
      { auths: { 'https://index.docker.io/v1/': { auth: b64('file:pw') } }, credHelpers: { 'docker.io': 'fake' } },
      'busybox:latest',
    );
    assert.deepEqual(result, {
      source: 'credential-helper',
      description: 'from docker-credential-fake',
      auth: { serveraddress: 'https://index.docker.io/v1/', username: 'hubuser', password: 'hub-s3cret' },
    });
  });

  void it('auths is consulted before credsStore', async () => {
    const { calls, runner } = recordingRunner({});
    const result = await resolveWith({ auths: { 'ghcr.io': { auth: b64('a:b') } }, credsStore: 'fake' }, 'ghcr.io/x', runner);
    assert.equal(result.source, 'config-file');
    assert.deepEqual(calls, []);
  });

  void it('a helper with nothing for the registry gives anonymous, saying why', async () => {
    const result = await resolveWith({ credsStore: 'fake' }, 'quay.io/org/app');
    assert.deepEqual(result, { source: 'anonymous', description: 'anonymous (docker-credential-fake has no credentials for quay.io)' });
  });

  void it('the <token> user from a helper is an identity token', async () => {
    const result = await resolveWith({ credHelpers: { 'token.example.com': 'fake' } }, 'token.example.com/app');
    assert.deepEqual(result.auth, { serveraddress: 'token.example.com', identitytoken: 'refresh-t0ken' });
  });

  void it('a missing helper binary is a CONFIG error naming it', async () => {
    await assert.rejects(
      resolveWith({ credsStore: 'desktop' }, 'alpine'),
      (error: unknown) => error instanceof EngineError && error.code === 'CONFIG' && error.message.includes('docker-credential-desktop'),
    );
  });

  void it('no config file at all is anonymous', async () => {
    const env = { DOCKER_CONFIG: join(sandbox.dir, 'does-not-exist'), PATH: sandbox.path };
    assert.deepEqual(await resolveCredentials('alpine', { env, homedir: sandbox.dir }), { source: 'anonymous', description: 'anonymous' });
  });

  void it('credentials for another registry are not used', async () => {
    const result = await resolveWith({ auths: { 'ghcr.io': { auth: b64('a:b') }, 'https://index.docker.io/v1/': { auth: b64('c:d') } } }, 'quay.io/x');
    assert.deepEqual(result, { source: 'anonymous', description: 'anonymous' });
  });

  void it('DOCKER_CONFIG wins over ~/.docker', async () => {
    const home = join(sandbox.dir, 'home-both');
    await writeConfig(join(home, '.docker'), { auths: { 'ghcr.io': { auth: b64('home:pw') } } });
    const dir = join(sandbox.dir, 'explicit');
    await writeConfig(dir, { auths: { 'ghcr.io': { auth: b64('explicit:pw') } } });
    const result = await resolveCredentials('ghcr.io/x', { env: { DOCKER_CONFIG: dir }, homedir: home });
    assert.equal(result.auth?.username, 'explicit');
  });

  void it('a malformed config is a CONFIG error, not anonymous', async () => {
    await assert.rejects(resolveWith('{"auths": ', 'alpine'), (error: unknown) => error instanceof EngineError && error.code === 'CONFIG');
  });

  void it('an auth field that is not base64 of user:password is a CONFIG error that does not quote it', async () => {
    for (const auth of ['not base64!', b64('no-colon-s3cret'), b64(':s3cret')]) {
      await assert.rejects(resolveWith({ auths: { 'ghcr.io': { auth } } }, 'ghcr.io/x'), (error: unknown) => {
        assert.ok(error instanceof EngineError && error.code === 'CONFIG');
        assert.match(error.message, /the "auth" value for "ghcr.io" is not base64 of user:password/);
        assert.ok(!error.message.includes(auth) && !error.message.includes('s3cret'));
        return true;
      });
    }
  });
});
