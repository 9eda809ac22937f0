/**
 * A container in words (the describe view's lines): image and its freshness, command, state and
 * restarts, restart policy, env (the values of keys that look secret masked until asked), ports,
 * mounts, networks with addresses, limits, health, Compose project and service, labels. Pure.
 */
import type { ContainerFacts } from '../../state/describe/container-facts.ts';
import { freshnessOf, imageOutdated } from '../../state/freshness/image-freshness.ts';
import type { UiContext } from '../context.ts';
import { formatBinaryBytes, plural } from '../format/index.ts';
import type { ItemLine } from './item-lines.ts';
import { healthSummary } from './health-lines.ts';

/** Keys whose values are secrets, going by their names. */
const SECRET = /PASS(WORD|WD|PHRASE)?|PWD|SECRET|TOKEN|KEY|CREDENTIAL|PRIVATE|AUTH|SALT|COOKIE|SESSION|DSN/i;

export function looksSecret(key: string): boolean {
  return SECRET.test(key);
}

export const MASK = '••••••';

function heading(text: string): ItemLine {
  return { text, tone: 'heading' };
}

function item(text: string, extra: Omit<ItemLine, 'text'> = {}): ItemLine {
  return { text, depth: 1, ...extra };
}

function freshness(facts: ContainerFacts, ctx: Pick<UiContext, 'engine' | 'freshness'>): string {
  const image = ctx.engine.images.items.find((i) => i.Id === facts.imageId);
  if (imageOutdated(ctx.freshness, image)) return '⇡ the registry holds a newer image under its tag';
  const tags = image?.RepoTags ?? [];
  if (tags.some((t) => freshnessOf(ctx.freshness, t, image) === 'current')) return 'the same image its registry holds';
  return image === undefined ? 'its image is no longer here' : 'not asked of a registry (a local image, or not known yet)';
}

function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function stateLine(facts: ContainerFacts): string {
  const s = facts.state;
  const parts = [s.status || 'unknown'];
  if (s.status === 'running' && s.startedAt) parts.push(`since ${s.startedAt}`);
  if (s.status === 'exited') parts.push(`exit code ${s.exitCode ?? '?'}${s.finishedAt ? ` at ${s.finishedAt}` : ''}`);
  if (s.oomKilled) parts.push('killed: out of memory');
  if (s.error) parts.push(`error: ${s.error}`);
  parts.push(plural(facts.restarts, 'restart'));
  return parts.join(' · ');
}

function limitLines(facts: ContainerFacts): ItemLine[] {
  const l = facts.limits;
  const cpus = l.nanoCpus !== undefined ? `${l.nanoCpus / 1e9} CPUs` : l.cpuQuota !== undefined ? `${l.cpuQuota / (l.cpuPeriod ?? 100_000)} CPUs (quota)` : undefined;
  const lines = [
    l.memory !== undefined && `memory ${formatBinaryBytes(l.memory)}${l.memorySwap !== undefined ? ` (with swap ${formatBinaryBytes(l.memorySwap)})` : ''}`,
    cpus && `cpu ${cpus}`,
    l.cpuShares !== undefined && `cpu shares ${l.cpuShares}`,
    l.cpusetCpus && `on CPUs ${l.cpusetCpus}`,
    l.pidsLimit !== undefined && `at most ${plural(l.pidsLimit, 'process', 'processes')}`,
  ].filter((x): x is string => typeof x === 'string' && x !== '');
  return lines.length > 0 ? lines.map((t) => item(t)) : [item('none: as much memory, CPU and processes as the host gives', { tone: 'muted' })];
}

/** The describe view's lines for a container's facts; `secrets`: show the masked values. */
export function describeLines(facts: ContainerFacts, ctx: Pick<UiContext, 'engine' | 'freshness' | 'keymap'>, secrets: boolean): ItemLine[] {
  const lines: ItemLine[] = [];
  lines.push(heading('image'), item(facts.image), item(freshness(facts, ctx), { tone: imageOutdated(ctx.freshness, ctx.engine.images.items.find((i) => i.Id === facts.imageId)) ? 'warning' : 'muted' }));
  lines.push(heading('command'), item(facts.command.map(quoteArg).join(' ') || '(none)'));
  lines.push(heading('state'), item(stateLine(facts), { tone: facts.state.status === 'running' ? 'success' : facts.state.status === 'exited' || facts.state.status === 'dead' ? 'error' : undefined }));
  lines.push(heading('restart policy'), item(`${facts.restartPolicy.name}${facts.restartPolicy.maxRetries !== undefined ? ` (at most ${plural(facts.restartPolicy.maxRetries, 'retry', 'retries')})` : ''}`));

  const hidden = facts.env.filter((e) => looksSecret(e.key)).length;
  const envNote = hidden === 0 ? '' : secrets ? ` · secret-looking values shown (${ctx.keymap.label('show-secrets')} masks them)` : ` · ${hidden} secret-looking value${hidden === 1 ? '' : 's'} masked (${ctx.keymap.label('show-secrets')} shows them)`;
  lines.push(heading(`environment (${facts.env.length})${envNote}`));
  for (const e of facts.env) lines.push(item(`${e.key}=${looksSecret(e.key) && !secrets && e.value !== '' ? MASK : e.value}`));

  lines.push(heading(`ports (${facts.ports.length})`));
  if (facts.ports.length === 0) lines.push(item('none exposed or published', { tone: 'muted' }));
  for (const p of facts.ports) {
    const where = p.published.length > 0 ? `published on ${p.published.map((b) => `${b.ip || '0.0.0.0'}:${b.port}`).join(', ')}` : 'exposed, not published';
    lines.push(item(`${p.port} ${where}`, { go: { kind: 'port', containerId: facts.id, port: p.port } }));
  }

  lines.push(heading(`mounts (${facts.mounts.length})`));
  if (facts.mounts.length === 0) lines.push(item('none', { tone: 'muted' }));
  for (const m of facts.mounts) {
    const rw = m.readWrite ? 'read-write' : 'read-only';
    if (m.type === 'volume' && m.name) lines.push(item(`volume ${m.name} at ${m.destination} (${rw})`, { go: { kind: 'volume', id: m.name } }));
    else lines.push(item(`${m.type || 'mount'} ${m.source ?? ''} at ${m.destination} (${rw})`));
  }

  lines.push(heading(`networks (${facts.networks.length})${facts.networkMode && !facts.networks.some((n) => n.name === facts.networkMode) ? ` · mode ${facts.networkMode}` : ''}`));
  if (facts.networks.length === 0) lines.push(item(facts.networkMode?.startsWith('container:') ? `in the network namespace of ${facts.networkMode.slice('container:'.length)}` : 'none', { tone: 'muted' }));
  for (const n of facts.networks) {
    const addresses = [n.ip, n.ip6].filter(Boolean).join(', ');
    const aliases = n.aliases.filter((a) => !facts.id.startsWith(a));
    lines.push(item(`${n.name}${addresses ? ` ${addresses}` : ''}${aliases.length > 0 ? ` · aliases ${aliases.join(', ')}` : ''}`, { go: { kind: 'network', id: n.id ?? n.name } }));
  }

  lines.push(heading('limits'), ...limitLines(facts));

  lines.push(heading('health'));
  if (facts.health) lines.push(item(`${healthSummary(facts.health)} (${ctx.keymap.label('health')} on its row: the health panel)`));
  else lines.push(item('no health check', { tone: 'muted' }));

  const project = facts.labels['com.docker.compose.project'];
  if (project !== undefined) lines.push(heading('compose'), item(`project ${project}, service ${facts.labels['com.docker.compose.service'] ?? '?'}`));

  const labels = Object.entries(facts.labels).sort(([a], [b]) => a.localeCompare(b));
  lines.push(heading(`labels (${labels.length})`));
  for (const [k, v] of labels) lines.push(item(`${k}=${v}`));
  return lines;
}
