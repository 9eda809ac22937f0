/**
 * The Containers pane grouped by Compose project (`z`): a header row per project with its roll-up
 * (running of all, services), then its containers by service and name, unless it is folded; the
 * containers no project claims come last, in their own order. The header's counts are over every
 * container of the project, listed or not, so "1/3 running" is true also in the running-only view.
 */
import { isLive } from '../../state/containers.ts';
import { containerName, sanitizeLine } from '../format/index.ts';
import type { ContainerSummary } from '../../engine/types.ts';
import type { ContainerRow, ProjectGroup } from './container-rows.ts';
import { compareNames } from '../format/collate.ts';

export const PROJECT_ROW_PREFIX = 'project:';


export function projectRowId(project: string): string {
  return `${PROJECT_ROW_PREFIX}${project}`;
}

export function groupByProject(rows: readonly ContainerRow[], items: readonly ContainerSummary[], folded: readonly string[]): ContainerRow[] {
  const byProject = new Map<string, ContainerRow[]>();
  const loose: ContainerRow[] = [];
  for (const row of rows) {
    if (row.project === undefined) loose.push(row);
    else byProject.set(row.project, [...(byProject.get(row.project) ?? []), row]);
  }
  const members = new Map<string, Array<{ id: string; name: string; state: string; service: string }>>();
  for (const c of items) {
    const project = c.Labels?.['com.docker.compose.project'];
    if (!project) continue;
    const key = sanitizeLine(project);
    const service = sanitizeLine(c.Labels?.['com.docker.compose.service'] ?? '');
    members.set(key, [...(members.get(key) ?? []), { id: c.Id, name: containerName(c.Names), state: c.State ?? '', service }]);
  }
  const out: ContainerRow[] = [];
  for (const project of [...byProject.keys()].sort(compareNames)) {
    const listed = (byProject.get(project) ?? []).sort((a, b) => compareNames(a.service ?? '', b.service ?? '') || compareNames(a.cells.name, b.cells.name));
    const all = members.get(project) ?? [];
    const group: ProjectGroup = { project, members: all, running: all.filter((m) => isLive({ State: m.state })).length, folded: folded.includes(project) };
    const services = [...new Set(listed.map((r) => r.service).filter((s): s is string => !!s))].sort(compareNames);
    const stopped = all.length - group.running;
    out.push({
      id: projectRowId(project),
      state: group.running > 0 ? 'running' : 'exited',
      haystack: project.toLowerCase(),
      group,
      cells: {
        id: '',
        name: `${group.folded ? '▸' : '▾'} ${project}`,
        image: services.join(', '),
        state: `${group.running}/${all.length}`,
        status: `${group.running} running${stopped > 0 ? `, ${stopped} stopped` : ''}`,
        ports: '',
      },
    });
    if (!group.folded) out.push(...listed);
  }
  return [...out, ...loose];
}
