/**
 * The layer explorer's lines (`L`), from the analysis (state/layers/layer-analysis.ts): dive's
 * figures first (to the byte), the costly files (what a later layer overwrites or deletes, with
 * what each copy costs), the image's biggest files, then each layer: the step that made it, its
 * size, and what it adds, changes and deletes as the diff view's tree (diff.ts) with sizes.
 * Engine text (paths, steps): sanitised when drawn.
 */
import type { LayerAnalysis, LayerChange, LayerReport } from '../../state/layers/layer-analysis.ts';
import type { ArchiveLayer } from '../../state/layers/image-archive.ts';
import { formatBytes } from '../format/index.ts';
import { CHANGE_MARK, changeCounts } from './diff.ts';

/** How many costly and biggest files are listed. */
const LISTED = 20;
/** How many paths of the first layer are drawn while the rest streams (the tree is sorted: a big layer's would hold the first frame up). */
const PREVIEW = 400;

/** `13,631,488`: every byte, grouped (no ICU: the same on every Node build). */
export function exactBytes(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** dive's efficiency as a percentage, four decimals (as `dive --ci` prints it, and then some). */
export function efficiencyPercent(efficiency: number): string {
  return `${(efficiency * 100).toFixed(4)} %`;
}

const pad = (text: string, width: number) => text.padStart(width);

/** A path cleaned as the diff tree cleans it (no empty parts), or undefined when it is clean already. */
function cleaned(path: string): string | undefined {
  return path.includes('//') || path.endsWith('/') || !path.startsWith('/') ? `/${path.split('/').filter((p) => p !== '').join('/')}` : undefined;
}

const INDENTS: string[] = [];
const indent = (depth: number) => (INDENTS[depth] ??= '  '.repeat(depth));

/**
 * A layer's changes as the diff view's tree (diff.ts `changeTree`: the same lines, mark, indent
 * and order), with sizes, two spaces in. Built for a 10,000-path layer with one string a path
 * (its sort key, which the directories above it are slices of) and no per-path objects: the
 * lines of a 50,000-file image were the explorer's peak memory.
 */
export function layerTree(changes: readonly LayerChange[]): string[] {
  const byKey = new Map<string, LayerChange | undefined>();
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i] as LayerChange;
    // Sorted with `/` as the lowest character (NUL, which no path holds): a directory's children follow it.
    const clean = cleaned(c.path);
    const key = (clean ?? c.path).replaceAll('/', '\0');
    // As changeTree: a path named otherwise than its clean form holds a place in the tree, no mark or size.
    if (clean === undefined) byKey.set(key, c);
    else if (!byKey.has(key)) byKey.set(key, undefined);
    // The directories above it, shown only to hold it; one already there has its own above it too.
    for (let at = key.lastIndexOf('\0'); at > 0; at = key.lastIndexOf('\0', at - 1)) {
      const dir = key.slice(0, at);
      if (byKey.has(dir)) break;
      byKey.set(dir, undefined);
    }
  }
  const keys = [...byKey.keys()].sort();
  const lines: string[] = new Array<string>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const c = byKey.get(key);
    let depth = -1;
    for (let at = key.indexOf('\0'); at >= 0; at = key.indexOf('\0', at + 1)) depth += 1;
    const note = !c || (c.entry === 'dir' && c.kind !== 'deleted') ? '' : c.kind === 'deleted' ? `  ${formatBytes(c.size)} freed` : `  ${formatBytes(c.size)}`;
    lines[i] = `  ${c ? CHANGE_MARK[c.kind] : ' '} ${indent(depth)}${key.slice(key.lastIndexOf('\0') + 1)}${note}`;
  }
  return lines;
}

function layerLines(report: LayerReport, index: number, count: number): string[] {
  const step = report.step?.createdBy.trim() || '(the image’s config names no step)';
  return [
    `layer ${index + 1} of ${count} · ${formatBytes(report.bytes)} (${formatBytes(report.blobBytes)} in the archive) · ${step}`,
    `  ${changeCounts(report.changes)}`,
    ...layerTree(report.changes),
    '',
  ];
}

export function analysisLines(title: string, analysis: LayerAnalysis, archiveBytes: number): string[] {
  const { dive } = analysis;
  const count = analysis.layers.length;
  const lines = [
    `${title} · ${count} layer${count === 1 ? '' : 's'} · ${formatBytes(analysis.imageBytes)} of files as run · ${formatBytes(archiveBytes)} read`,
    `dive: wasted ${exactBytes(dive.wastedBytes)} bytes (${formatBytes(dive.wastedBytes)}) · efficiency ${efficiencyPercent(dive.efficiency)}`,
    '',
    dive.inefficiencies.length === 0 ? 'no file is overwritten or deleted by a later layer' : 'costly files: a later layer overwrites or deletes them (cost: every copy, as dive counts)',
  ];
  for (const i of dive.inefficiencies.slice(0, LISTED)) {
    const copies = i.copies.map((c) => `layer ${c.layer + 1} ${c.deleted ? `deleted${c.size > 0 ? ` ${formatBytes(c.size)}` : ''}` : formatBytes(c.size)}`).join(' · ');
    lines.push(`  ${pad(formatBytes(i.cumulative), 8)}  ${pad(exactBytes(i.cumulative), 13)} B  ×${i.copies.length}  ${i.path}  (${copies})`);
  }
  if (dive.inefficiencies.length > LISTED) lines.push(`  … and ${dive.inefficiencies.length - LISTED} more`);
  lines.push('', 'biggest files in the image');
  for (const b of analysis.biggest.slice(0, LISTED)) lines.push(`  ${pad(formatBytes(b.size), 8)}  ${b.path}  (layer ${b.layer + 1})`);
  lines.push('');
  analysis.layers.forEach((report, index) => lines.push(...layerLines(report, index, count)));
  return lines;
}

/** While the archive streams: a layer read whole, before the manifest says where it goes (its adds alone). */
export function firstLayerLines(layer: ArchiveLayer, read: number): string[] {
  const changes: LayerChange[] = layer.tree.entries.filter((e) => !e.deleted).map((e) => ({ path: `/${e.path}`, kind: 'added', size: e.size, entry: e.kind }));
  const shown = changes.slice(0, PREVIEW);
  const more = changes.length - shown.length;
  return [
    `${read} layer${read === 1 ? '' : 's'} read; the first, ${formatBytes(layer.tree.bytes)} in ${exactBytes(changes.length)} paths (its place in the image comes with the manifest):`,
    ...layerTree(shown),
    ...(more > 0 ? [`  … ${exactBytes(more)} more paths once the whole image is read`] : []),
  ];
}
