/**
 * The disk view's rows (views/disk.ts): the four kinds as `docker system df` lists them (TYPE,
 * TOTAL, ACTIVE, SIZE, RECLAIMABLE), and one kind's items as `docker system df -v` does, biggest
 * first, each with the thing it is (a target: remove acts on it). Sizes as the CLI prints them
 * (format/docker-size.ts), so the two read alike; engine strings sanitised.
 */
import type { DiskUsageAnswer } from '../../engine/disk-usage.ts';
import { DISK_SECTIONS, diskReport, sectionLine, volumeSizes, type DiskReport, type DiskSection } from '../../state/disk/disk-report.ts';
import { dockerReclaimable, dockerSize } from '../format/docker-size.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import type { UiContext } from '../context.ts';
import type { Target } from '../targets.ts';

export interface DiskRow {
  /** What the selection follows: the kind, or the item's id or name. */
  key: string;
  cells: readonly string[];
  /** What remove acts on (none for a build-cache record: prune takes those). */
  target?: Target;
}

export interface DiskTable {
  titles: readonly string[];
  /** Columns aligned right (the figures). */
  right: readonly boolean[];
  rows: readonly DiskRow[];
}

export const SECTION_TITLES: Record<DiskSection, string> = { image: 'Images', container: 'Containers', volume: 'Local Volumes', 'build-cache': 'Build Cache' };

const RUNNING = new Set(['running', 'paused', 'restarting']);

/** The report for an answer, made once per answer (the view and its component read it alike). */
const reports = new WeakMap<DiskUsageAnswer, DiskReport>();
export function reportOf(usage: DiskUsageAnswer): DiskReport {
  let report = reports.get(usage);
  if (!report) {
    report = diskReport(usage);
    reports.set(usage, report);
  }
  return report;
}

function counts(report: DiskReport, section: DiskSection): { total: number; active: number } {
  switch (section) {
    case 'image':
      return { total: report.images.items.length, active: report.images.items.filter((i) => i.containers > 0).length };
    case 'container':
      return { total: report.containers.items.length, active: report.containers.items.filter((c) => RUNNING.has(c.state)).length };
    case 'volume':
      return { total: report.volumes.items.length, active: report.volumes.items.filter((v) => v.links > 0).length };
    case 'build-cache':
      return { total: report.buildCache.items.length, active: report.buildCache.items.filter((b) => b.inUse).length };
  }
}

/** `docker system df`: a row per kind. The build cache's reclaimable part has no percent there either. */
export function sectionTable(report: DiskReport): DiskTable {
  const rows = DISK_SECTIONS.map((section): DiskRow => {
    const line = sectionLine(report, section);
    const { total, active } = counts(report, section);
    const reclaimable = section === 'build-cache' ? dockerSize(line.reclaimable) : dockerReclaimable(line.reclaimable, line.size);
    return { key: section, cells: [SECTION_TITLES[section], String(total), String(active), dockerSize(line.size), reclaimable] };
  });
  return { titles: ['TYPE', 'TOTAL', 'ACTIVE', 'SIZE', 'RECLAIMABLE'], right: [false, true, true, true, true], rows };
}

/** `docker system df -v`: one kind's items, biggest first. */
export function itemTable(report: DiskReport, section: DiskSection): DiskTable {
  switch (section) {
    case 'image':
      return {
        titles: ['REPOSITORY:TAG', 'IMAGE ID', 'SIZE', 'SHARED SIZE', 'UNIQUE SIZE', 'CONTAINERS'],
        right: [false, false, true, true, true, true],
        rows: report.images.items.map((i) => ({
          key: i.id,
          cells: [i.tags.map(sanitizeLine).join(', '), shortId(i.id), dockerSize(i.size), dockerSize(i.shared), dockerSize(i.unique), String(i.containers)],
          target: { kind: 'image', imageId: i.id, tag: i.tags[0] ?? '<none>:<none>' },
        })),
      };
    case 'container':
      return {
        titles: ['NAME', 'IMAGE', 'STATE', 'SIZE', 'ROOT SIZE'],
        right: [false, false, false, true, true],
        rows: report.containers.items.map((c) => ({
          key: c.id,
          cells: [sanitizeLine(c.name), sanitizeLine(c.image), sanitizeLine(c.state), dockerSize(c.sizeRw), dockerSize(c.sizeRootFs)],
          target: { kind: 'container', id: c.id, name: c.name, shown: sanitizeLine(c.name), state: c.state },
        })),
      };
    case 'volume':
      return {
        titles: ['VOLUME NAME', 'LINKS', 'SIZE'],
        right: [false, true, true],
        rows: report.volumes.items.map((v) => ({ key: v.name, cells: [sanitizeLine(v.name), String(v.links), dockerSize(v.size)], target: { kind: 'volume', name: v.name, users: v.links } })),
      };
    case 'build-cache':
      return {
        titles: ['CACHE ID', 'CACHE TYPE', 'SIZE', 'SHARED', 'IN USE', 'DESCRIPTION'],
        right: [false, false, true, false, false, false],
        rows: report.buildCache.items.map((b) => ({ key: b.id, cells: [shortId(b.id), sanitizeLine(b.type), dockerSize(b.size), b.shared ? 'true' : 'false', b.inUse ? 'true' : 'false', sanitizeLine(b.description)] })),
      };
  }
}

/** The rows the view shows now: the kinds, or one kind's items. */
export function diskTable(usage: DiskUsageAnswer | undefined, section: DiskSection | undefined): DiskTable | undefined {
  if (!usage) return undefined;
  // One table per answer and kind: the same object until a new answer, so nothing draws again for nothing.
  const report = reportOf(usage);
  let made = tables.get(report);
  if (!made) {
    made = new Map();
    tables.set(report, made);
  }
  const key = section ?? '';
  let table = made.get(key);
  if (!table) {
    table = section ? itemTable(report, section) : sectionTable(report);
    made.set(key, table);
  }
  return table;
}

const tables = new WeakMap<DiskReport, Map<string, DiskTable>>();

/** The total line under the kinds: all four summed (the pulse line's "disk"). */
export function totalLine(report: DiskReport): string {
  return `total ${dockerSize(report.total.size)}, reclaimable ${dockerReclaimable(report.total.reclaimable, report.total.size)}`;
}

/** Each volume's size and users by name, once per answer (the Volumes pane's SIZE column and order). */
const sizesOf = new WeakMap<DiskUsageAnswer, ReadonlyMap<string, { size: number; links: number }>>();
export function volumeSizesOf(usage: DiskUsageAnswer | undefined): ReadonlyMap<string, { size: number; links: number }> | undefined {
  if (!usage) return undefined;
  let sizes = sizesOf.get(usage);
  if (!sizes) {
    sizes = volumeSizes(usage);
    sizesOf.set(usage, sizes);
  }
  return sizes;
}

/** The table the disk view shows now (its overlay: the kinds, or one kind's items). */
export function diskTableOf(overlay: { section?: DiskSection }, ctx: Pick<UiContext, 'diskUsage'>): DiskTable | undefined {
  return diskTable(ctx.diskUsage.usage, overlay.section);
}

/** The selected row's index now: the row whose key was selected, else where the selection was. */
export function diskSelected(overlay: { selected: number; selectedKey?: string }, table: DiskTable | undefined): number {
  const rows = table?.rows ?? [];
  const byKey = overlay.selectedKey === undefined ? -1 : rows.findIndex((r) => r.key === overlay.selectedKey);
  return byKey >= 0 ? byKey : Math.max(0, Math.min(overlay.selected, rows.length - 1));
}
