/**
 * Incidents in words: the Incidents pane's rows, the post-mortem card's lines, the notice that
 * names the newest, and the container an incident is about (what logs, inspect and restart act
 * on). Every engine string is sanitised here, once per incident object.
 */
import { memberOf } from '../../state/fleet/member-tag.ts';
import type { Incident } from '../../state/incidents/incident-log.ts';
import { formatBinaryBytes, formatClock, plural, sanitizeLine, shortId } from '../format/index.ts';
import type { ContainerTarget } from '../targets.ts';
import type { UiContext } from '../context.ts';

export type IncidentColumn = 'engine' | 'mark' | 'time' | 'what' | 'container' | 'compose' | 'image' | 'count';

export interface IncidentRow {
  key: string;
  incident: Incident;
  cells: Record<IncidentColumn, string>;
  haystack: string;
}

/** How an exit reads: "137 (SIGKILL)". */
export function exitText(incident: Pick<Incident, 'exitCode' | 'signal'>): string {
  if (incident.exitCode === undefined) return incident.signal ?? '';
  return incident.signal ? `${incident.exitCode} (${incident.signal})` : String(incident.exitCode);
}

/** What happened, in a few words: "OOM-killed, exit 137 (SIGKILL)", "restart loop: 7 restarts". */
export function incidentWhat(incident: Incident): string {
  const exit = incident.exitCode !== undefined ? `exit ${exitText(incident)}` : '';
  switch (incident.kind) {
    case 'oom':
      return ['OOM-killed', exit].filter(Boolean).join(', ');
    case 'restart-loop':
      return `restart loop: ${plural(incident.restarts, 'restart')}${incident.oomKilled ? ', OOM-killed' : exit ? `, ${exit}` : ''}`;
    case 'unhealthy':
      return incident.recovered ? 'unhealthy (healthy again)' : 'unhealthy';
    case 'exit':
      return `exited ${exitText(incident)}`;
  }
}

function compose(incident: Incident): string {
  if (incident.project === undefined) return '';
  return sanitizeLine(incident.service ? `${incident.project}/${incident.service}` : incident.project);
}

const built = new WeakMap<Incident, IncidentRow>();

export function incidentRow(incident: Incident): IncidentRow {
  let row = built.get(incident);
  if (!row) {
    const engine = memberOf(incident);
    const cells: Record<IncidentColumn, string> = {
      engine: engine ?? '',
      mark: incident.muted ? '-' : incident.acknowledged ? ' ' : '⚠',
      time: formatClock(new Date(incident.lastAt)),
      what: sanitizeLine(`${incidentWhat(incident)}${incident.muted ? ' (muted)' : ''}`),
      container: sanitizeLine(incident.name),
      compose: compose(incident),
      image: sanitizeLine(incident.image),
      count: incident.crashes > 1 ? `${incident.crashes}×` : '',
    };
    row = { key: String(incident.seq), incident, cells, haystack: `${cells.what} ${cells.container} ${cells.compose} ${cells.image}${engine === undefined ? '' : ` engine:${engine}`}`.toLowerCase() };
    built.set(incident, row);
  }
  return row;
}

/** The rows, newest first, filtered by `/` over what happened, the container, its project and image. */
export function incidentRows(incidents: readonly Incident[], filter: string): IncidentRow[] {
  const needle = filter.trim().toLowerCase();
  const rows = incidents.map(incidentRow);
  return needle === '' ? rows : rows.filter((r) => r.haystack.includes(needle));
}

/** The one line a notice says when an incident opens or gets worse. */
export function incidentNotice(incident: Incident): string {
  return `⚠ ${sanitizeLine(incident.name)}: ${sanitizeLine(incidentWhat(incident))}`;
}

/** The container the incident is about, as the actions on containers take it (logs, inspect, restart). */
export function incidentTarget(incident: Incident, ctx: Pick<UiContext, 'engine'>): ContainerTarget {
  const engine = memberOf(incident);
  const listed = ctx.engine.containers.items.find((c) => c.Id === incident.containerId && memberOf(c) === engine);
  const name = sanitizeLine(incident.name);
  return { kind: 'container', id: incident.containerId, name, shown: name, state: listed?.State ?? 'gone', ...(engine !== undefined && { engine }) };
}

function when(ms: number): string {
  const date = new Date(ms);
  return `${date.toISOString().slice(0, 10)} ${formatClock(date)}`;
}

/** The post-mortem card: everything berth knows about the incident, a line each (sanitised). */
export function incidentCard(incident: Incident): string[] {
  const lines: string[] = [];
  const field = (label: string, value: string) => lines.push(`${label.padEnd(12)}${value}`);
  field('what', sanitizeLine(incidentWhat(incident)));
  field('when', incident.at === incident.lastAt ? when(incident.at) : `${when(incident.at)}, last ${when(incident.lastAt)}`);
  field('container', `${sanitizeLine(incident.name)}  ${shortId(incident.containerId)}`);
  field('image', sanitizeLine(incident.image) || '-');
  if (incident.project !== undefined) field('compose', compose(incident));
  if (incident.swarmService !== undefined) field('service', `${sanitizeLine(incident.swarmService)} (swarm task)`);
  if (incident.exitCode !== undefined || incident.signal !== undefined) field('exit code', exitText(incident));
  field('OOMKilled', incident.oomKilled ? 'yes' : 'no');
  const limit = incident.details?.memoryLimit;
  if (limit !== undefined) field('memory', limit > 0 ? `limit ${formatBinaryBytes(limit)} (HostConfig.Memory ${limit})` : 'no limit (HostConfig.Memory 0)');
  if (incident.crashes > 0) field('crashes', String(incident.crashes));
  const restartCount = incident.details?.restartCount;
  field('restarts', `${incident.restarts} in the loop window${restartCount !== undefined ? `, ${restartCount} in all (RestartCount)` : ''}`);
  field('state', incident.muted ? 'muted' : incident.acknowledged ? 'acknowledged' : 'not acknowledged');
  if (incident.details?.error) field('note', `could not read everything: ${sanitizeLine(incident.details.error)}`);
  const health = incident.details?.health ?? [];
  if (health.length > 0) {
    lines.push('', 'health checks (last probes)');
    for (const probe of health.slice(-5)) {
      const at = probe.End ?? probe.Start;
      const output = sanitizeLine((probe.Output ?? '').replace(/\s+/g, ' ').trim());
      lines.push(`  ${at ? formatClock(new Date(at)) : '--:--:--'}  exit ${probe.ExitCode ?? '?'}  ${output || '(no output)'}`);
    }
  }
  lines.push('');
  if (incident.detailsRound !== incident.round) lines.push('the last log lines: reading…');
  else {
    const logLines = incident.details?.lines ?? [];
    const whose = incident.details?.wholeLog === true ? 'from the log’s start: where this run began is not known, earlier runs’ lines may be among them' : 'that run’s own';
    lines.push(incident.kind === 'unhealthy' ? 'the last log lines before it turned unhealthy' : `the last log lines before it died (${whose})`);
    if (logLines.length === 0) lines.push('  (none)');
    for (const line of logLines) lines.push(`  ${sanitizeLine(line)}`);
  }
  return lines;
}
