import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError } from '../../../src/engine/errors.ts';
import { dockerConfigDir, readDockerConfig } from '../../../src/engine/auth/index.ts';
import { makeSandbox, writeConfig, type Sandbox } from './fixtures.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

let sandbox: Sandbox;
before(async () => {
  sandbox = await makeSandbox();
});
after(async () => {
  await sandbox.cleanup();
});

const isConfigError = (pattern: RegExp) => (error: unknown) =>
  error instanceof EngineError && error.code === 'CONFIG' && pattern.test(error.message);

void describe('dockerConfigDir', () => {
  void it('is $DOCKER_CONFIG when set, else ~/.docker', () => {
    assert.equal(dockerConfigDir({ env: { DOCKER_CONFIG: '/etc/dc' }, homedir: '/home/u' }), '/etc/dc');
    assert.equal(dockerConfigDir({ env: {}, homedir: '/home/u' }), '/home/u/.docker');
    assert.equal(dockerConfigDir({ env: { DOCKER_CONFIG: '' }, homedir: '/home/u' }), '/home/u/.docker');
  });
});

void describe('readDockerConfig', () => {
  void it('reads $DOCKER_CONFIG/config.json', async () => {
    const dir = join(sandbox.dir, 'dc-read');
    const path = await writeConfig(dir, {
      auths: { 'ghcr.io': { auth: 'YTpi' }, 'https://index.docker.io/v1/': {} },
      credsStore: 'desktop',
      credHelpers: { 'gcr.io': 'gcloud' },
      currentContext: 'remote',
      HttpHeaders: { 'User-Agent': 'x' },
    });
    assert.deepEqual(await readDockerConfig({ env: { DOCKER_CONFIG: dir }, homedir: '/nonexistent' }), {
      path,
      exists: true,
      config: {
        auths: { 'ghcr.io': { auth: 'YTpi' }, 'https://index.docker.io/v1/': {} },
        credsStore: 'desktop',
        credHelpers: { 'gcr.io': 'gcloud' },
        currentContext: 'remote',
      },
    });
  });

  void it('reads ~/.docker/config.json without DOCKER_CONFIG', async () => {
    const home = join(sandbox.dir, 'home-a');
    await writeConfig(join(home, '.docker'), { credsStore: 'pass' });
    const file = await readDockerConfig({ env: {}, homedir: home });
    assert.equal(file.path, join(home, '.docker', 'config.json'));
    assert.equal(file.config.credsStore, 'pass');
  });

  void it('a missing file (or directory) is an empty config, not an error', async () => {
    const file = await readDockerConfig({ env: { DOCKER_CONFIG: join(sandbox.dir, 'nope') }, homedir: '/nonexistent' });
    assert.deepEqual(file, { path: join(sandbox.dir, 'nope', 'config.json'), exists: false, config: { auths: {}, credHelpers: {} } });
  });

  void it('an empty file is an empty config', async () => {
    const dir = join(sandbox.dir, 'dc-empty');
    await writeConfig(dir, '  \n');
    assert.deepEqual((await readDockerConfig({ env: { DOCKER_CONFIG: dir }, homedir: '/x' })).config, { auths: {}, credHelpers: {} });
  });

  void it('malformed JSON is a CONFIG error naming the file, without quoting it', async () => {
    const dir = join(sandbox.dir, 'dc-bad');
    const path = await writeConfig(dir, '{"auths": {"ghcr.io": {"auth": "c2VjcmV0LXBhc3N3b3Jk"}},}');
    await assert.rejects(readDockerConfig({ env: { DOCKER_CONFIG: dir }, homedir: '/x' }), (error: unknown) => {
      assert.ok(error instanceof EngineError);
      assert.equal(error.code, 'CONFIG');
      assert.ok(error.message.startsWith(`${path} is not valid JSON`), error.message);
      assert.ok(!error.message.includes('c2VjcmV0'), 'the auth value is not quoted');
      assert.equal(error.cause, undefined, 'no SyntaxError quoting the text either');
      return true;
    });
  });

  void it('wrongly typed fields are CONFIG errors naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [[1, 2], /the top level must be an object/],
      [{ auths: [] }, /"auths" must be an object/],
      [{ auths: { 'ghcr.io': 'x' } }, /"auths" entry "ghcr.io" must be an object/],
      [{ credHelpers: { 'gcr.io': 1 } }, /"credHelpers" entry "gcr.io" must be a string/],
      [{ credsStore: true }, /"credsStore" must be a string/],
    ];
    for (const [index, [config, pattern]] of cases.entries()) {
      const dir = join(sandbox.dir, `dc-type-${index}`);
      await writeConfig(dir, config);
      await assert.rejects(readDockerConfig({ env: { DOCKER_CONFIG: dir }, homedir: '/x' }), isConfigError(pattern));
    }
  });

  void it('an unreadable path is a CONFIG error with the errno code', async () => {
    const dir = join(sandbox.dir, 'dc-dir');
    await mkdir(join(dir, 'config.json'), { recursive: true });
    await assert.rejects(readDockerConfig({ env: { DOCKER_CONFIG: dir }, homedir: '/x' }), isConfigError(/cannot read .*config\.json \(EISDIR\)/));
  });

  void it('a "__proto__" key cannot replace the prototype of auths', async () => {
    const dir = join(sandbox.dir, 'dc-proto');
    await writeConfig(dir, '{"auths": {"__proto__": {"auth": "YTpi"}, "ghcr.io": {}}}');
    const { config } = await readDockerConfig({ env: { DOCKER_CONFIG: dir }, homedir: '/x' });
    assert.equal(Object.getPrototypeOf(config.auths), Object.prototype);
    assert.deepEqual(Object.keys(config.auths), ['ghcr.io']);
  });
});
