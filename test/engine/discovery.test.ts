import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { resolveEngineTarget } from '../../src/engine/context.ts';
import { defaultLocalHost, findLocalSockets } from '../../src/engine/discovery.ts';
import { listEngineCandidates, readEngineCandidates } from '../../src/engine/engine-candidates.ts';
import { identifyEngine } from '../../src/engine/identity.ts';

// Real unix sockets in a temp dir stand in for /var/run/docker.sock and Podman's two places.
const root = mkdtempSync(join(tmpdir(), 'berth-discovery-'));
const servers: Server[] = [];
after(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(root, { recursive: true, force: true });
});

const locations = { docker: join(root, 'var-run', 'docker.sock'), podmanRoot: join(root, 'run-podman', 'podman.sock') };
const runtimeDir = join(root, 'user-1000');

async function listen(path: string): Promise<void> {
  mkdirSync(join(path, '..'), { recursive: true });
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
}

test('nothing running: the docker socket is named (so the message names the usual place)', () => {
  assert.deepEqual(findLocalSockets({ XDG_RUNTIME_DIR: runtimeDir }, locations), []);
  assert.equal(defaultLocalHost({ XDG_RUNTIME_DIR: runtimeDir }, locations), `unix://${locations.docker}`);
});

test('Podman root, then rootless, then Docker: the first found wins in the order docker, rootless, root', async () => {
  await listen(locations.podmanRoot);
  assert.equal(defaultLocalHost({ XDG_RUNTIME_DIR: runtimeDir }, locations), `unix://${locations.podmanRoot}`);
  // A plain file is not an engine.
  mkdirSync(join(runtimeDir, 'podman'), { recursive: true });
  writeFileSync(join(runtimeDir, 'podman', 'podman.sock'), '');
  assert.equal(defaultLocalHost({ XDG_RUNTIME_DIR: runtimeDir }, locations), `unix://${locations.podmanRoot}`);
  rmSync(join(runtimeDir, 'podman', 'podman.sock'));
  await listen(join(runtimeDir, 'podman', 'podman.sock'));
  assert.equal(defaultLocalHost({ XDG_RUNTIME_DIR: runtimeDir }, locations), `unix://${runtimeDir}/podman/podman.sock`);
  assert.equal(defaultLocalHost({}, locations), `unix://${locations.podmanRoot}`, 'no XDG_RUNTIME_DIR, no rootless socket');
  await listen(locations.docker);
  assert.deepEqual(
    findLocalSockets({ XDG_RUNTIME_DIR: runtimeDir }, locations).map((s) => s.kind),
    ['docker', 'podman-rootless', 'podman'],
  );
  // The context resolution uses it when nothing else is chosen, and only then.
  const home = join(root, 'home');
  assert.equal(resolveEngineTarget({ env: { XDG_RUNTIME_DIR: runtimeDir }, homedir: home, sockets: locations }).host, `unix://${locations.docker}`);
  assert.equal(resolveEngineTarget({ env: { DOCKER_HOST: 'tcp://h:1' }, homedir: home, sockets: locations }).host, 'tcp://h:1');
});

test('the engine list: default (DOCKER_HOST or the first socket), contexts with the current one, other sockets once', () => {
  const sockets = [
    { kind: 'docker' as const, socketPath: '/var/run/docker.sock', host: 'unix:///var/run/docker.sock' },
    { kind: 'podman' as const, socketPath: '/run/podman/podman.sock', host: 'unix:///run/podman/podman.sock' },
  ];
  const contexts = [
    { name: 'prod', host: 'ssh://me@prod', description: 'the server' },
    { name: 'pod', host: 'unix:///run/podman/podman.sock' },
  ];
  const listed = listEngineCandidates({ contexts, currentContext: 'prod', dockerHost: undefined, sockets });
  assert.deepEqual(
    listed.map((c) => [c.name, c.host, c.source, c.current]),
    [
      ['default', 'unix:///var/run/docker.sock', 'socket', false],
      ['prod', 'ssh://me@prod', 'context', true],
      ['pod', 'unix:///run/podman/podman.sock', 'context', false],
    ],
  );
  assert.deepEqual(listed[1]?.target, { context: 'prod' });
  assert.equal(listed[0]?.description, 'docker');

  const withHost = listEngineCandidates({ contexts, currentContext: 'default', dockerHost: 'tcp://h:2375', sockets });
  assert.deepEqual(
    withHost.map((c) => [c.name, c.host, c.current]),
    [
      ['default', 'tcp://h:2375', true],
      ['prod', 'ssh://me@prod', false],
      ['pod', 'unix:///run/podman/podman.sock', false],
      ['docker', 'unix:///var/run/docker.sock', false],
    ],
  );
  assert.deepEqual(withHost[0]?.target, { host: 'tcp://h:2375' });
  const asPath = listEngineCandidates({ contexts: [], currentContext: 'default', dockerHost: '/var/run/docker.sock', sockets });
  assert.deepEqual(
    asPath.map((c) => [c.name, c.host]),
    [
      ['default', 'unix:///var/run/docker.sock'],
      ['podman (root)', 'unix:///run/podman/podman.sock'],
    ],
    'DOCKER_HOST as a bare path is that socket, listed once',
  );
  assert.deepEqual(listEngineCandidates({ contexts: [], currentContext: 'default', dockerHost: undefined, sockets: [] }), []);
});

test('readEngineCandidates reads the CLI store, marks the current context, and skips broken entries', () => {
  const configDir = join(root, 'docker-config');
  const store = (name: string, body: string) => {
    const id = createHash('sha256').update(name).digest('hex');
    mkdirSync(join(configDir, 'contexts', 'meta', id), { recursive: true });
    writeFileSync(join(configDir, 'contexts', 'meta', id, 'meta.json'), body);
  };
  store('remote', JSON.stringify({ Name: 'remote', Metadata: { Description: 'over ssh' }, Endpoints: { docker: { Host: 'ssh://me@box' } } }));
  store('broken', '{not json');
  store('hostless', JSON.stringify({ Name: 'hostless', Endpoints: {} }));
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ currentContext: 'remote' }));
  const list = readEngineCandidates({ DOCKER_CONFIG: configDir, XDG_RUNTIME_DIR: runtimeDir }, '/nonexistent', locations);
  assert.deepEqual(
    list.map((c) => [c.name, c.current, c.description]),
    [
      ['default', false, 'docker'],
      ['remote', true, 'over ssh'],
      ['podman (rootless)', false, undefined],
      ['podman (root)', false, undefined],
    ],
  );
});

test('identifies Podman by its version component or its ping header, Docker otherwise', () => {
  assert.deepEqual(
    identifyEngine({ Version: '4.3.1', Components: [{ Name: 'Podman Engine', Version: '4.3.1' }, { Name: 'Conmon', Version: 'conmon 2.1.6' }] }),
    { kind: 'podman', version: '4.3.1' },
  );
  assert.deepEqual(identifyEngine({ Version: '4.3.1' }, { podman: true }), { kind: 'podman', version: '4.3.1' });
  assert.deepEqual(identifyEngine({ Version: '20.10.24', Components: [{ Name: 'Engine', Version: '20.10.24' }] }), { kind: 'docker', version: '20.10.24' });
  assert.deepEqual(identifyEngine({ Components: null }), { kind: 'docker' });
});
