import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { resolveEngineTarget } from '../../src/engine/context.ts';
import { EngineError } from '../../src/engine/errors.ts';

// The docker CLI's context store, laid out by hand as the CLI lays it out (the integration test
// has the real CLI write one): meta/<sha256(name)>/meta.json and tls/<sha256(name)>/docker/*.pem.
const home = mkdtempSync(join(tmpdir(), 'berth-ctx-'));
const configDir = join(home, '.docker');
after(() => rmSync(home, { recursive: true, force: true }));

function storeContext(name: string, endpoint: Record<string, unknown>, tlsFiles: Record<string, string> = {}): void {
  const id = createHash('sha256').update(name).digest('hex');
  mkdirSync(join(configDir, 'contexts', 'meta', id), { recursive: true });
  writeFileSync(join(configDir, 'contexts', 'meta', id, 'meta.json'), JSON.stringify({ Name: name, Metadata: {}, Endpoints: { docker: endpoint } }));
  if (Object.keys(tlsFiles).length === 0) return;
  mkdirSync(join(configDir, 'contexts', 'tls', id, 'docker'), { recursive: true });
  for (const [file, body] of Object.entries(tlsFiles)) writeFileSync(join(configDir, 'contexts', 'tls', id, 'docker', file), body);
}

function useContext(name: string | undefined): void {
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'config.json'), JSON.stringify(name === undefined ? { auths: {} } : { auths: {}, currentContext: name }));
}

storeContext('box', { Host: 'unix:///run/box.sock', SkipTLSVerify: false });
storeContext('remote', { Host: 'tcp://engine.example:2376', SkipTLSVerify: false }, { 'ca.pem': 'CA', 'cert.pem': 'CERT', 'key.pem': 'KEY' });
storeContext('lax', { Host: 'tcp://10.0.0.5:2376', SkipTLSVerify: true });
storeContext('over-ssh', { Host: 'ssh://me@box' });
storeContext('héllo wörld', { Host: 'unix:///run/unicode.sock' });

const resolve = (env: NodeJS.ProcessEnv, flags: { host?: string; context?: string } = {}) => resolveEngineTarget({ ...flags, env, homedir: home });

test('with nothing chosen it is the default socket, and config.json may be missing', () => {
  rmSync(join(configDir, 'config.json'), { force: true });
  assert.deepEqual(resolve({}), { host: 'unix:///var/run/docker.sock', tls: undefined });
  useContext('default');
  assert.deepEqual(resolve({}), { host: 'unix:///var/run/docker.sock', tls: undefined });
});

test('the precedence of the docker CLI: --context, --host, DOCKER_HOST, DOCKER_CONTEXT, currentContext', () => {
  useContext('box');
  assert.equal(resolve({}).host, 'unix:///run/box.sock');
  assert.equal(resolve({}).context, 'box');
  assert.equal(resolve({ DOCKER_CONTEXT: 'héllo wörld' }).host, 'unix:///run/unicode.sock');
  // DOCKER_HOST beats DOCKER_CONTEXT: the CLI's code says so in a comment.
  assert.deepEqual(resolve({ DOCKER_CONTEXT: 'box', DOCKER_HOST: 'tcp://h:1' }), { host: 'tcp://h:1', tls: undefined });
  assert.equal(resolve({ DOCKER_HOST: 'tcp://h:1' }, { host: 'unix:///flag.sock' }).host, 'unix:///flag.sock');
  assert.equal(resolve({ DOCKER_HOST: 'tcp://h:1', DOCKER_CONTEXT: 'box' }, { context: 'remote' }).host, 'tcp://engine.example:2376');
  // Naming "default" explicitly gets the virtual default context, whatever config.json says.
  assert.equal(resolve({ DOCKER_CONTEXT: 'default' }).host, 'unix:///var/run/docker.sock');
});

test('--host and --context together are refused, as the CLI refuses them', () => {
  assert.throws(() => resolve({}, { host: 'unix:///a.sock', context: 'box' }), /--host or --context, not both/);
});

test("a context's certificates mean TLS, verified unless the context skips verification", () => {
  const remote = resolve({}, { context: 'remote' });
  assert.equal(remote.tls?.verify, true);
  assert.equal(remote.tls?.ca?.toString(), 'CA');
  assert.equal(remote.tls?.cert?.toString(), 'CERT');
  assert.equal(remote.tls?.key?.toString(), 'KEY');
  assert.deepEqual(resolve({}, { context: 'lax' }).tls, { ca: undefined, cert: undefined, key: undefined, verify: false });
  assert.equal(resolve({}, { context: 'box' }).tls, undefined);
  // The environment's TLS settings belong to the default context only.
  assert.equal(resolve({ DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: '/nowhere' }, { context: 'box' }).tls, undefined);
});

test('a context that does not exist, or has no address, is a clear configuration error', () => {
  assert.throws(
    () => resolve({ DOCKER_CONTEXT: 'nope' }),
    (error: unknown) => error instanceof EngineError && error.code === 'CONFIG' && /context "nope" does not exist/.test(error.message) && /docker context ls/.test(error.hint ?? ''),
  );
});

test('a context that does not exist names what chose it: --context, DOCKER_CONTEXT or config.json', () => {
  assert.throws(() => resolve({ DOCKER_CONTEXT: 'box' }, { context: 'nope' }), /^EngineError: context "nope" does not exist; --context chose it$/);
  assert.throws(() => resolve({ DOCKER_CONTEXT: 'nope' }), /^EngineError: context "nope" does not exist; DOCKER_CONTEXT chose it$/);
  const dir = mkdtempSync(join(tmpdir(), 'berth-ctx-current-'));
  try {
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ currentContext: 'gone' }));
    assert.throws(
      () => resolveEngineTarget({ env: { DOCKER_CONFIG: dir }, homedir: home }),
      (error: unknown) => error instanceof Error && error.message === `context "gone" does not exist; currentContext in ${join(dir, 'config.json')} (set by \`docker context use\`) chose it`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  storeContext('empty', {});
  assert.throws(() => resolve({}, { context: 'empty' }), /context "empty" has no docker endpoint address/);
});

test('the client connects where the context points and names it; an ssh:// context is an ssh engine', () => {
  const client = new EngineClient({ context: 'remote', env: {}, homedir: home });
  assert.equal(client.context, 'remote');
  assert.deepEqual(client.endpoint, { kind: 'tcp', host: 'engine.example', port: 2376, tls: true, label: 'tcp://engine.example:2376' });
  void client.close();
  assert.equal(new EngineClient({ host: 'unix:///x.sock', env: {}, homedir: home }).context, undefined);
  const overSsh = new EngineClient({ context: 'over-ssh', env: { PATH: process.env.PATH }, homedir: home });
  assert.deepEqual(overSsh.endpoint, { kind: 'ssh', address: { host: 'box', user: 'me' }, label: 'ssh://me@box' });
  void overSsh.close();
  // No ssh client at all: refused at once, by name, rather than failing on every reconnect.
  assert.throws(
    () => new EngineClient({ context: 'over-ssh', env: { PATH: '/nonexistent' }, homedir: home }),
    (error: unknown) => error instanceof EngineError && /context "over-ssh": ssh is not installed/.test(error.message) && /openssh-client/.test(error.hint ?? ''),
  );
});
