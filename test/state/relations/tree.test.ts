/**
 * The relations tree from what the engine said (gather.ts's answer, made by hand): a Compose
 * project's services and containers, networks with their other members, volumes with their other
 * users, ports, depends_on, a shared network namespace either way, and links; each node that is
 * a thing berth lists says where Enter goes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerInspect, ContainerSummary } from '../../../src/engine/types.ts';
import { containerFacts } from '../../../src/state/describe/container-facts.ts';
import type { RelationData, RelationRoot } from '../../../src/state/relations/gather.ts';
import { dependsOn, relationTree, type RelationNode } from '../../../src/state/relations/tree.ts';

const id = (c: string) => c.repeat(64);
const labels = (service: string) => ({ 'com.docker.compose.project': 'shop', 'com.docker.compose.service': service });
const list: ContainerSummary[] = [
  { Id: id('a'), Names: ['/shop-db-1'], State: 'running', Labels: labels('db'), Mounts: [{ Type: 'volume', Name: 'shared', Destination: '/data' }], NetworkSettings: { Networks: { shop_default: {} } } },
  { Id: id('b'), Names: ['/shop-web-1'], State: 'running', Labels: { ...labels('web'), 'com.docker.compose.depends_on': 'db:service_healthy:false' }, Mounts: [{ Type: 'volume', Name: 'shared', Destination: '/srv' }], NetworkSettings: { Networks: { shop_default: {} } } },
  { Id: id('c'), Names: ['/sidecar'], State: 'running', NetworkSettings: { Networks: {} } },
  { Id: id('d'), Names: ['/backup'], State: 'exited', Mounts: [{ Type: 'volume', Name: 'shared', Destination: '/b' }] },
];
const inspectOf = (c: ContainerSummary, extra: Record<string, unknown> = {}) =>
  containerFacts({
    Id: c.Id,
    Name: c.Names?.[0],
    Mounts: (c.Mounts ?? []).map((m) => ({ ...m, RW: true })),
    NetworkSettings: { Networks: Object.fromEntries(Object.keys(c.NetworkSettings?.Networks ?? {}).map((n) => [n, { NetworkID: 'n1', IPAddress: c.Id === id('a') ? '172.18.0.2' : '172.18.0.3' }])) },
    Config: { Labels: c.Labels },
    ...extra,
  } as unknown as ContainerInspect);
const facts = new Map([
  [id('a'), inspectOf(list[0]!, { Config: { ExposedPorts: { '5432/tcp': {} } } })],
  [id('b'), inspectOf(list[1]!, { HostConfig: { Links: ['/backup:/shop-web-1/bk'] }, NetworkSettings: { Networks: { shop_default: { NetworkID: 'n1', IPAddress: '172.18.0.3' } }, Ports: { '80/tcp': [{ HostIp: '', HostPort: '8080' }] } } })],
  [id('c'), inspectOf(list[2]!, { HostConfig: { NetworkMode: `container:${id('b')}` } })],
]);
const networks = new Map([
  [
    'shop_default',
    {
      id: 'n1',
      members: [
        { id: id('a'), name: 'shop-db-1', ipv4: '172.18.0.2' },
        { id: id('b'), name: 'shop-web-1', ipv4: '172.18.0.3' },
      ],
    },
  ],
]);
const data = (root: RelationRoot): RelationData => ({ root, list, facts, networks });

/** The tree as indented text, `→ kind` where Enter goes. */
function text(node: RelationNode, depth = 0): string[] {
  return [`${'  '.repeat(depth)}${node.text}${node.go ? ` → ${node.go.kind}` : ''}`, ...node.children.flatMap((c) => text(c, depth + 1))];
}

test('a Compose project: services, containers, the network with the other member, the shared volume with its other users, ports, depends_on, namespace and links', () => {
  assert.deepEqual(text(relationTree(data({ kind: 'project', project: 'shop' }))), [
    'project shop: 2 services',
    '  service db',
    '    container shop-db-1 (running) → container',
    '      network shop_default (172.18.0.2) → network',
    '        shop-web-1 172.18.0.3 → container',
    '      volume shared at /data → volume',
    '        also used by shop-web-1 → container',
    '        also used by backup → container',
    '      port 5432/tcp (exposed, not published)',
    '  service web',
    '    container shop-web-1 (running) → container',
    '      network shop_default (172.18.0.3) → network',
    '        shop-db-1 172.18.0.2 → container',
    '      sidecar shares its network namespace → container',
    '      volume shared at /srv → volume',
    '        also used by shop-db-1 → container',
    '        also used by backup → container',
    '      port 80/tcp → 0.0.0.0:8080',
    '      depends on service db (service healthy)',
    '        shop-db-1 → container',
    '      link to backup as bk → container',
  ]);
});

test('a container in another’s namespace says whose; a volume’s tree lists its users', () => {
  const sidecar = text(relationTree(data({ kind: 'container', id: id('c') })));
  assert.deepEqual(sidecar, ['container sidecar (running) → container', '  in the network namespace of shop-web-1 → container']);
  const volume = text(relationTree(data({ kind: 'volume', name: 'shared' })));
  assert.equal(volume[0], 'volume shared: 3 containers → volume');
  assert.deepEqual(
    volume.filter((l) => /^ {2}container/.test(l)),
    ['  container shop-db-1 (running) → container', '  container shop-web-1 (running) → container', '  container backup (exited) → container'],
  );
});

test('depends_on as Compose v2 writes it: each service and its condition', () => {
  assert.deepEqual(dependsOn('db:service_started:false, cache:service_healthy:true'), [
    { service: 'db', condition: 'service_started' },
    { service: 'cache', condition: 'service_healthy' },
  ]);
  assert.deepEqual(dependsOn('db'), [{ service: 'db' }]);
  assert.deepEqual(dependsOn(undefined), []);
  assert.deepEqual(dependsOn(''), []);
});
