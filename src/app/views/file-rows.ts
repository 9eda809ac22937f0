/**
 * The file browser's rows (files.ts is the view): `..` (but at `/`), then the directory's entries
 * by name, each marked A or C when the diff says it changed since the image, and the entries the
 * diff says were deleted here (D), which the listing no longer has.
 */
import posix from 'node:path/posix';
import type { ChangeKind } from '../../engine/changes.ts';
import type { EntryKind } from '../../state/files/tar-listing.ts';
import type { UiContext } from '../context.ts';
import { bodyHeight } from '../layout.ts';
import type { AppState, FilesOverlay } from '../types.ts';
import { asEngineJson } from '../../engine/path-bytes.ts';

export interface BrowserRow {
  name: string;
  /** Absolute, in the container. */
  path: string;
  kind: EntryKind | 'parent' | 'deleted';
  size: number;
  linkTarget?: string;
  mark?: ChangeKind;
}

export function browserRows(overlay: FilesOverlay): BrowserRow[] {
  const rows: BrowserRow[] = overlay.path === '/' ? [] : [{ name: '..', path: posix.dirname(overlay.path), kind: 'parent', size: 0 }];
  const changes = overlay.changes ?? {};
  const listed = new Set<string>();
  for (const entry of overlay.entries ?? []) {
    const path = posix.join(overlay.path, entry.name);
    listed.add(path);
    // The diff is JSON, where a name's bytes that are not UTF-8 read U+FFFD (path-bytes.ts).
    rows.push({ ...entry, path, kind: entry.kind, mark: changes[path] ?? changes[asEngineJson(path)] });
  }
  for (const [path, kind] of Object.entries(changes)) {
    if (kind === 'deleted' && posix.dirname(path) === overlay.path && !listed.has(path)) rows.push({ name: posix.basename(path), path, kind: 'deleted', size: 0, mark: 'deleted' });
  }
  return rows;
}

/** The command that reads `path` for the browser (and the diff, the first time). */
export function filesOpen(overlay: FilesOverlay, path: string, changes = false) {
  return { type: 'files-open', overlay: overlay.id, containerId: overlay.containerId, path, changes } as const;
}

/** Rows the browser's heading takes (the path, then the column line). */
export const FILES_HEADING = 2;

export function filesBody(state: AppState, ctx: UiContext): number {
  return Math.max(bodyHeight(state.terminal, ctx.engine, state.pulse) - FILES_HEADING, 1);
}
