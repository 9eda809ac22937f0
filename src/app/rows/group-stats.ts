/**
 * A Compose project's header row with the resource columns shown: its running members' CPU and
 * memory summed, as `docker stats` would add them up by hand. A sum of some of them would read as
 * the project's and be wrong, so until every running member has a figure the cell says `…`, as a
 * container's does before its first; a project with nothing running has no figures (`-`).
 */
import type { StatsFigures } from '../../state/stats/figures.ts';
import { formatMemory, type StatsColumn } from './stats-cells.ts';

export interface GroupMember {
  id: string;
  state: string;
}

export function groupStatsCells(members: readonly GroupMember[], byId: ReadonlyMap<string, StatsFigures>): Record<StatsColumn, string> {
  const running = members.filter((m) => m.state === 'running');
  const empty = { memPercent: '', net: '', block: '', pids: '' };
  if (running.length === 0) return { cpu: '-', mem: '-', ...empty };
  let cpu: number | undefined = 0;
  let mem: number | undefined = 0;
  for (const member of running) {
    const figures = byId.get(member.id);
    cpu = cpu === undefined || figures?.cpuPercent === undefined ? undefined : cpu + figures.cpuPercent;
    mem = mem === undefined || figures?.memUsed === undefined ? undefined : mem + figures.memUsed;
  }
  return { cpu: cpu === undefined ? '…' : `${cpu.toFixed(2)}%`, mem: mem === undefined ? '…' : formatMemory(mem), ...empty };
}
