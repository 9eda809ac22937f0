/**
 * The Containers pane grouped by Compose project (`z`): a header row per project with its roll-up
 * (running of all, services), then its containers by service and name, unless it is folded; the
 * containers no project claims come last, in their own order, under their own "no project" header
 * (without it they read as members of the last project). The header's counts are over every
 * container of the group, listed or not, so "1/3 running" is true also in the running-only view.
 */
import { memberOf } from '../../state/fleet/member-tag.ts';
import { isLive } from '../../state/containers.ts';
import { containerName, sanitizeLine } from '../format/index.ts';
import type { ContainerSummary } from '../../engine/types.ts';
import type { ContainerRow, ProjectGroup } from './container-rows.ts';
import { compareNames } from '../format/collate.ts';

export const PROJECT_ROW_PREFIX = 'project:';


export function projectRowId(project: string): string {
  return `${PROJECT_ROW_PREFIX}${project}`;
}

/** The "no project" header's row id (no container id looks like it). */
export const LOOSE_ROW_ID = 'no-project';
/**
 * The "no project" group's name where folded projects are listed: an empty project label counts
 * as none (container-rows.ts), so no project is called this.
 */
export const LOOSE_GROUP = '';

export function groupByProject(rows: readonly ContainerRow[], items: readonly ContainerSummary[], folded: readonly string[]): ContainerRow[] {
  const byProject = new Map<string, ContainerRow[]>();
  const loose: ContainerRow[] = [];
  for (const row of rows) {
    if (row.project === undefined) loose.push(row);
    else byProject.set(row.project, [...(byProject.get(row.project) ?? []), row]);
  }
  const members = new Map<string, Array<{ id: string; name: string; state: string; service: string; engine?: string }>>();
  for (const c of items) {
    const project = c.Labels?.['com.docker.compose.project'];
    const key = project ? sanitizeLine(project) : LOOSE_GROUP;
    const service = sanitizeLine(c.Labels?.['com.docker.compose.service'] ?? '');
    const engine = memberOf(c);
    members.set(key, [...(members.get(key) ?? []), { id: c.Id, name: containerName(c.Names), state: c.State ?? '', service, ...(engine !== undefined && { engine }) }]);
  }
  const out: ContainerRow[] = [];
  const push = (project: string, listed: readonly ContainerRow[]): void => {
    const all = members.get(project) ?? [];
    const isLoose = project === LOOSE_GROUP;
    const group: ProjectGroup = {
      project,
      members: all,
      running: all.filter((m) => isLive({ State: m.state })).length,
      folded: folded.includes(project),
      ...(isLoose && { loose: true as const }),
    };
    const services = [...new Set(listed.map((r) => r.service).filter((s): s is string => !!s))].sort(compareNames);
    const stopped = all.length - group.running;
    out.push({
      id: isLoose ? LOOSE_ROW_ID : projectRowId(project),
      state: group.running > 0 ? 'running' : 'exited',
      haystack: isLoose ? 'no project' : project.toLowerCase(),
      group,
      cells: {
        id: '',
        name: `${group.folded ? '▸' : '▾'} ${isLoose ? 'no project' : project}`,
        image: services.join(', '),
        state: `${group.running}/${all.length}`,
        status: `${group.running} running${stopped > 0 ? `, ${stopped} stopped` : ''}`,
        ports: '',
      },
    });
    if (!group.folded) out.push(...listed);
  };
  for (const project of [...byProject.keys()].sort(compareNames)) {
    push(project, (byProject.get(project) ?? []).sort((a, b) => compareNames(a.service ?? '', b.service ?? '') || compareNames(a.cells.name, b.cells.name)));
  }
  if (loose.length > 0) push(LOOSE_GROUP, loose);
  return out;
}
