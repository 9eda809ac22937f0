/**
 * The engine's pulse (`H`): one line under the status bar with the containers by state, their
 * CPU and memory against the host's (`/info` NCPU, MemTotal), their net and block rates, and the
 * disk with what prune could reclaim (`docker system df`'s figures). CPU and memory are summed
 * from the running containers' cgroup files where berth can read them (an engine on this host:
 * state/pulse/cgroup-reader.ts), and from the engine's stats otherwise (a sample every 2 s, asked
 * while the line is shown, only for the containers the files do not cover: each costs the engine a
 * little, bench B9); the line says how many it has measured.
 */
import type { ContainerSummary } from '../engine/types.ts';
import { isMeasurable } from '../state/containers.ts';
import type { Demands } from '../state/live-source.ts';
import type { UiContext } from './context.ts';
import { displayWidth, formatRate, truncate } from './format/index.ts';
import { formatMemory } from './rows/stats-cells.ts';
import type { AppState } from './types.ts';

/** A size as `docker system df` prints it: SI units, four significant digits (go-units HumanSize). */
export function diskSize(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];
  let size = n;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit += 1;
  }
  return `${Number(size.toPrecision(4))}${units[unit]}`;
}

/** The states `docker ps` reports, in the order the line names them. */
const STATES = ['running', 'paused', 'restarting', 'exited', 'created', 'dead'];

/** The containers by State, and the running ones that report unhealthy. */
export function stateCounts(items: readonly ContainerSummary[]): Record<string, number> & { unhealthy: number } {
  const counts: Record<string, number> & { unhealthy: number } = { unhealthy: 0 };
  for (const c of items) {
    const state = c.State ?? 'unknown';
    counts[state] = (counts[state] ?? 0) + 1;
    if (state === 'running' && /\(unhealthy\)/.test(c.Status ?? '')) counts.unhealthy += 1;
  }
  return counts;
}

/**
 * What the line keeps live: the host and disk figures, every running container's cgroup files,
 * and the engine's stats of those not found there (none until the files have been looked at).
 */
export function pulseDemands(state: AppState, ctx: UiContext): Demands {
  if (!state.pulse) return {};
  const running = ctx.engine.containers.items.filter(isMeasurable).map((c) => c.Id);
  const missing = ctx.pulse.cgroupMissing;
  return { pulse: true, pulseContainers: running, stats: missing ? running.filter((id) => missing.has(id)) : [] };
}

/** The pulse line's parts: the states, the figures (CPU, memory, net, block), then the disk (fitPulse says what goes when narrow). */
export function pulseParts(ctx: UiContext): string[] {
  const items = ctx.engine.containers.items;
  const counts = stateCounts(items);
  const states = STATES.filter((s) => s === 'running' || (counts[s] ?? 0) > 0).map((s) => `${counts[s] ?? 0} ${s}${s === 'running' && counts.unhealthy > 0 ? ` (${counts.unhealthy} unhealthy)` : ''}`);
  const running = items.filter(isMeasurable);
  let cpu = 0;
  let mem = 0;
  let rx = 0;
  let tx = 0;
  let read = 0;
  let write = 0;
  let measured = 0;
  /** Measured by the engine's stats (its cost) rather than the cgroup files. */
  let streamed = 0;
  for (const c of running) {
    const local = ctx.pulse.cgroupFigures?.get(c.Id);
    const f = local ?? ctx.stats.byId.get(c.Id);
    if (!f || f.cpuPercent === undefined) continue;
    measured += 1;
    if (!local) streamed += 1;
    cpu += f.cpuPercent;
    mem += f.memUsed ?? 0;
    rx += f.netRxRate ?? 0;
    tx += f.netTxRate ?? 0;
    read += f.blockReadRate ?? 0;
    write += f.blockWriteRate ?? 0;
  }
  const { ncpu, memTotal, disk, error } = ctx.pulse;
  const of = measured === running.length ? '' : ` (${measured}/${running.length} measured)`;
  // Said when the engine is remote (or its cgroup files unreadable): the streams cost it CPU.
  const by = streamed === 0 ? '' : ` (${streamed === measured ? 'all' : streamed} from the engine's stats)`;
  const figures =
    running.length === 0
      ? []
      : measured === 0
        ? ['CPU and memory: measuring…']
        : [
            `CPU ${cpu.toFixed(1)}%${ncpu ? ` of ${ncpu * 100}%` : ''}${of}${by}`,
            `mem ${formatMemory(mem)}${memTotal ? ` of ${formatMemory(memTotal)}` : ''}`,
            `net ↓${formatRate(rx)} ↑${formatRate(tx)}`,
            `block r ${formatRate(read)} w ${formatRate(write)}`,
          ];
  const diskPart = disk ? [`disk ${diskSize(disk.total.size)}, ${diskSize(disk.total.reclaimable)} reclaimable`] : error ? [`disk: ${error}`] : ['disk: reading…'];
  return [states.join(' · '), ...figures, ...diskPart];
}

const WIDE = '  ·  ';
const TIGHT = ' · ';

/**
 * The line in `width` cells: the parts with wide separators where they fit, then tight ones; then,
 * one step at a time, without the block rates, the net rates (the container's own views have
 * those), the note on how CPU was measured and the host's totals ("of 800%"), the disk kept to
 * the last. Only when even that does not fit is the line cut.
 */
export function fitPulse(parts: readonly string[], width: number): string {
  const fits = (line: string) => displayWidth(line) <= width;
  if (fits(parts.join(WIDE))) return parts.join(WIDE);
  const steps: Array<(ps: string[]) => string[]> = [
    (ps) => ps.filter((p) => !p.startsWith('block ')),
    (ps) => ps.filter((p) => !p.startsWith('net ')),
    (ps) => ps.map((p) => (p.startsWith('CPU ') ? p.replace(/ \(.*$/, '') : p)),
    (ps) => ps.map((p) => (p.startsWith('CPU ') || p.startsWith('mem ') ? p.replace(/ of .*$/, '') : p)),
  ];
  let kept = [...parts];
  for (const step of [(ps: string[]) => ps, ...steps]) {
    kept = step(kept);
    if (fits(kept.join(TIGHT))) return kept.join(TIGHT);
  }
  return truncate(kept.join(TIGHT), width);
}
