/**
 * Health at a glance: which containers need a look, and how their rows say so, with a symbol
 * before the name as well as a colour, so it reads the same with NO_COLOR. Unhealthy comes from
 * the list's Status ("(unhealthy)"), restarting from its State, OOM-killed from the incidents
 * and, for a death before berth started, inspect's State.OOMKilled (the list does not say it); "needs a look" adds a container with an unacknowledged incident.
 */
import type { Incident } from '../../state/incidents/incident-log.ts';
import { memoLast } from './memo.ts';
import type { ContainerRow } from './container-rows.ts';
import { theme } from '../theme.ts';

export type ContainerLook = 'unhealthy' | 'restarting' | 'oom-killed';

/** Each look's marker, before the name. */
export const MARKERS: Readonly<Record<ContainerLook, string>> = { unhealthy: '⚠', restarting: '↻', 'oom-killed': '✕' };

/** Each look's colour (none with NO_COLOR: the marker says it then). */
export function lookColor(look: ContainerLook): string | undefined {
  return look === 'restarting' ? theme.warning : theme.error;
}

/** What the incidents say about containers: the OOM-killed ones, and those with an incident not yet acknowledged. */
export interface IncidentMarks {
  oomKilled: ReadonlySet<string>;
  open: ReadonlySet<string>;
}

export const incidentMarks = memoLast((incidents: readonly Incident[], before: readonly string[] = NONE): IncidentMarks => {
  const oomKilled = new Set<string>();
  const open = new Set<string>();
  // Newest first: a container's latest crash incident says whether its last death was an OOM kill.
  const seen = new Set<string>();
  for (const incident of incidents) {
    if (!incident.acknowledged) open.add(incident.containerId);
    if (incident.kind === 'unhealthy' || seen.has(incident.containerId)) continue;
    seen.add(incident.containerId);
    if (incident.oomKilled) oomKilled.add(incident.containerId);
  }
  // OOM-killed before berth started (inspect said so, no event did), unless a death since says otherwise.
  for (const id of before) if (!seen.has(id)) oomKilled.add(id);
  return { oomKilled, open };
});

const NONE: readonly string[] = [];

/** How the row should stand out, if at all: restarting, unhealthy, or (not running) OOM-killed. */
export function containerLook(row: ContainerRow, marks: IncidentMarks): ContainerLook | undefined {
  if (row.group) return undefined;
  if (row.state === 'restarting') return 'restarting';
  if (row.state === 'running' && /\(unhealthy\)/.test(row.status ?? '')) return 'unhealthy';
  if (row.state !== 'running' && marks.oomKilled.has(row.id)) return 'oom-killed';
  return undefined;
}

/** Whether the row needs a look: it stands out, or it has an incident not yet acknowledged. */
export function needsLook(row: ContainerRow, marks: IncidentMarks): boolean {
  return !row.group && (containerLook(row, marks) !== undefined || marks.open.has(row.id));
}

/** Only the rows that need a look (the same array back while its inputs stand). */
export const troubleRows = memoLast((rows: readonly ContainerRow[], marks: IncidentMarks): readonly ContainerRow[] => rows.filter((row) => needsLook(row, marks)));
