/**
 * The relations view's tree, from what gather.ts read: a Compose project → its services → their
 * containers; a container → its networks (each with its other members and their addresses), the
 * namespaces it shares (`container:<id>`, either way), its volumes (each with its other users),
 * binds, ports, Compose `depends_on` (the `com.docker.compose.depends_on` label Compose v2
 * writes) and links. A network or a volume → the containers on it, each as above. Every node that
 * is a thing berth lists says which (`go`), so Enter can go to its row. Pure; engine strings as
 * sent (sanitised where drawn).
 */
import type { ContainerSummary } from '../../engine/types.ts';
import type { ContainerFacts } from '../describe/container-facts.ts';
import { COMPOSE_PROJECT, rootContainers, type RelationData } from './gather.ts';

export interface RelationGo {
  kind: 'container' | 'volume' | 'network';
  id: string;
}

export interface RelationNode {
  text: string;
  go?: RelationGo;
  children: readonly RelationNode[];
}

const SERVICE = 'com.docker.compose.service';
const DEPENDS_ON = 'com.docker.compose.depends_on';

function nameOf(c: ContainerSummary | undefined, id: string): string {
  return c?.Names?.[0]?.replace(/^\//, '') ?? id.slice(0, 12);
}

function leaf(text: string, go?: RelationGo): RelationNode {
  return { text, ...(go && { go }), children: [] };
}

/** `db:service_started:false,cache:service_healthy:true` → each service and its condition. */
export function dependsOn(label: string | undefined): Array<{ service: string; condition?: string }> {
  if (!label) return [];
  return label
    .split(',')
    .map((part) => part.trim().split(':'))
    .filter(([service]) => service !== undefined && service !== '')
    .map(([service = '', condition]) => ({ service, ...(condition && { condition }) }));
}

function containerNode(data: RelationData, c: ContainerSummary): RelationNode {
  const facts: ContainerFacts | undefined = data.facts.get(c.Id);
  const name = nameOf(c, c.Id);
  const children: RelationNode[] = [];
  // Networks and their other members.
  const networks = facts ? facts.networks.map((n) => ({ name: n.name, ip: n.ip })) : Object.keys(c.NetworkSettings?.Networks ?? {}).map((n) => ({ name: n, ip: undefined }));
  for (const n of networks) {
    const known = data.networks.get(n.name);
    const others = (known?.members ?? []).filter((m) => m.id !== c.Id).map((m) => leaf(`${m.name.replace(/^\//, '')}${m.ipv4 ? ` ${m.ipv4}` : ''}`, { kind: 'container', id: m.id }));
    children.push({ text: `network ${n.name}${n.ip ? ` (${n.ip})` : ''}${others.length === 0 ? ': no other member' : ''}`, go: { kind: 'network', id: known?.id ?? n.name }, children: others });
  }
  // Network namespaces shared, either way.
  const mode = facts?.networkMode ?? '';
  if (mode.startsWith('container:')) {
    const other = mode.slice('container:'.length);
    const found = data.list.find((x) => x.Id === other || x.Id.startsWith(other) || nameOf(x, x.Id) === other);
    children.push(leaf(`in the network namespace of ${nameOf(found, other)}`, { kind: 'container', id: found?.Id ?? other }));
  }
  for (const f of data.facts.values()) {
    const m = f.networkMode ?? '';
    if (m === `container:${c.Id}` || m === `container:${name}` || (m.length > 'container:'.length + 11 && c.Id.startsWith(m.slice('container:'.length)))) {
      children.push(leaf(`${f.name} shares its network namespace`, { kind: 'container', id: f.id }));
    }
  }
  // Volumes (with their other users) and binds.
  const mounts = facts ? facts.mounts : (c.Mounts ?? []).map((m) => ({ type: m.Type ?? '', name: m.Name, source: m.Source, destination: m.Destination ?? '', readWrite: true }));
  for (const m of mounts) {
    if (m.type === 'volume' && m.name) {
      const users = data.list.filter((x) => x.Id !== c.Id && (x.Mounts ?? []).some((xm) => xm.Name === m.name));
      children.push({
        text: `volume ${m.name} at ${m.destination}${users.length === 0 ? ': no other user' : ''}`,
        go: { kind: 'volume', id: m.name },
        children: users.map((u) => leaf(`also used by ${nameOf(u, u.Id)}`, { kind: 'container', id: u.Id })),
      });
    } else {
      children.push(leaf(`${m.type || 'mount'} ${m.source ?? ''} at ${m.destination}`));
    }
  }
  // Ports: published ones where they are reachable, the rest exposed only.
  for (const p of facts?.ports ?? []) {
    children.push(leaf(p.published.length > 0 ? `port ${p.port} → ${p.published.map((b) => `${b.ip || '0.0.0.0'}:${b.port}`).join(', ')}` : `port ${p.port} (exposed, not published)`));
  }
  // Compose depends_on: the service's containers in the same project.
  const project = c.Labels?.[COMPOSE_PROJECT];
  for (const d of dependsOn(c.Labels?.[DEPENDS_ON])) {
    const targets = data.list.filter((x) => x.Labels?.[COMPOSE_PROJECT] === project && x.Labels?.[SERVICE] === d.service);
    children.push({
      text: `depends on service ${d.service}${d.condition ? ` (${d.condition.replace(/_/g, ' ')})` : ''}`,
      children: targets.map((t) => leaf(nameOf(t, t.Id), { kind: 'container', id: t.Id })),
    });
  }
  // Legacy links: `/db:/web/alias`.
  for (const link of facts?.links ?? []) {
    const [target = '', alias = ''] = link.split(':');
    const to = target.replace(/^\//, '');
    const found = data.list.find((x) => nameOf(x, x.Id) === to);
    children.push(leaf(`link to ${to} as ${alias.slice(alias.lastIndexOf('/') + 1)}`, found && { kind: 'container', id: found.Id }));
  }
  const state = c.State ?? facts?.state.status ?? '';
  return { text: `container ${name}${state ? ` (${state})` : ''}`, go: { kind: 'container', id: c.Id }, children };
}

/** The tree for the root gather.ts read. */
export function relationTree(data: RelationData): RelationNode {
  const roots = rootContainers(data.root, data.list);
  switch (data.root.kind) {
    case 'project': {
      const services = [...new Set(roots.map((c) => c.Labels?.[SERVICE] ?? '?'))].sort();
      return {
        text: `project ${data.root.project}: ${services.length} service${services.length === 1 ? '' : 's'}`,
        children: services.map((s) => ({ text: `service ${s}`, children: roots.filter((c) => (c.Labels?.[SERVICE] ?? '?') === s).map((c) => containerNode(data, c)) })),
      };
    }
    case 'container': {
      const c = roots[0];
      if (!c) return leaf('the container is gone');
      const node = containerNode(data, c);
      const project = c.Labels?.[COMPOSE_PROJECT];
      const compose = project ? [leaf(`Compose project ${project}, service ${c.Labels?.[SERVICE] ?? '?'}`)] : [];
      return { ...node, children: [...compose, ...node.children] };
    }
    case 'network':
      return { text: `network ${data.root.name}: ${roots.length} container${roots.length === 1 ? '' : 's'}`, go: { kind: 'network', id: data.root.id }, children: roots.map((c) => containerNode(data, c)) };
    case 'volume':
      return { text: `volume ${data.root.name}: ${roots.length} container${roots.length === 1 ? '' : 's'}`, go: { kind: 'volume', id: data.root.name }, children: roots.map((c) => containerNode(data, c)) };
  }
}
