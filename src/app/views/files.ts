/**
 * The file browser (`F`): a container's directories, running or stopped, read over the archive
 * API (state/files; its rows: file-rows.ts). Moving selects a row; Enter goes into a directory
 * (or where a link points) or opens a text file in the inspect view over the browser; ⌫ goes up;
 * copy out and copy in open their dialogs on the selected path (the dialogs declare them for a
 * `path` target), on the browser's engine, through its access. A read in flight leaves the rows
 * as they were until the answer comes.
 */
import posix from 'node:path/posix';
import { notify, reduced, type FilesReply, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { formatBytes, sanitizeLine } from '../format/index.ts';
import { close, openView } from '../keys/steps.ts';
import { moveTarget, replaceOverlay } from '../navigation.ts';
import type { PathTarget } from '../targets.ts';
import type { AppState, FilesOverlay } from '../types.ts';
import { browserRows, filesBody, filesOpen } from './file-rows.ts';
import { defineView, type ViewApp } from './module.ts';

function go(state: AppState, overlay: FilesOverlay, path: string): Reduced {
  return reduced(replaceOverlay(state, { ...overlay, loading: path }), filesOpen(overlay, path));
}

/**
 * Copy out or in on the browser's selected row, on the browser's engine, through the access check
 * (`confirmed`: the protected engines whose names were just typed for it, keys/reduce.ts).
 */
function filesCopy(state: AppState, overlay: FilesOverlay, action: 'copy-out' | 'copy-in', ctx: UiContext, app: ViewApp, confirmed?: readonly string[]): Reduced {
  const row = browserRows(overlay)[overlay.selected];
  if (action === 'copy-out' && (!row || row.kind === 'deleted' || row.kind === 'parent')) return notify(state, 'select a file or directory to copy out', 'error');
  // The browser's container is on the browser's engine: the copy goes there (a copy in is a change).
  const target: PathTarget = { kind: 'path', containerId: overlay.containerId, name: overlay.name, path: row?.path ?? overlay.path, directory: overlay.path, browser: overlay.id, ...(overlay.engine !== undefined && { engine: overlay.engine }) };
  return app.act(state, ctx, action, target, confirmed) ?? reduced(state);
}

function loaded(state: AppState, found: FilesOverlay, result: FilesReply, app: ViewApp): Reduced {
  const changes = result.changes ? Object.fromEntries(result.changes.map((c) => [c.path, c.kind])) : found.changes;
  const overlay: FilesOverlay = { ...found, loading: undefined, changes };
  const opened = result.opened;
  if (opened === undefined) {
    // The first listing failed: the view says why; later ones keep the rows and say it in a notice.
    if (overlay.entries === undefined) return reduced(replaceOverlay(state, { ...overlay, error: result.error }));
    return notify(replaceOverlay(state, overlay), result.error ?? 'that could not be read', 'error');
  }
  switch (opened.kind) {
    case 'directory': {
      const next: FilesOverlay = { ...overlay, path: opened.path, entries: opened.listing.entries, capped: opened.listing.capped, cappedIn: opened.listing.cappedIn, error: undefined, selected: 0 };
      // Read again (after a copy in): the cursor stays on its row. Up from a directory: it lands on the one just left.
      const keep = opened.path === found.path ? browserRows(found)[found.selected]?.path : posix.dirname(found.path) === opened.path ? found.path : undefined;
      const at = keep === undefined ? -1 : browserRows(next).findIndex((r) => r.path === keep);
      return reduced(replaceOverlay(state, { ...next, selected: Math.max(at, 0) }));
    }
    case 'binary':
      return notify(replaceOverlay(state, overlay), `${sanitizeLine(opened.path)} is not text (${formatBytes(opened.size)}): copy it out to look at it`, 'error');
    case 'file': {
      const lines = opened.note ? [`[${opened.note}]`, ...opened.lines] : opened.lines;
      return app.showLines(replaceOverlay(state, overlay), { objectId: overlay.containerId, title: opened.path, caption: `${opened.path} in ${overlay.name}`, lines });
    }
  }
}

export const files = defineView<FilesOverlay, FilesReply>({
  id: 'files',
  actions: {
    files: {
      container: (state, _ctx, c) => openView(state, (id): FilesOverlay => ({ kind: 'files', id, containerId: c.id, name: c.shown, path: '/', selected: 0 }), (o) => filesOpen(o, '/', true)),
    },
  },
  contexts: () => ['files', 'global'],
  key: (state, overlay, press, ctx, app) => {
    const rows = browserRows(overlay);
    const body = filesBody(state, ctx);
    const to = (index: number) => reduced(replaceOverlay(state, { ...overlay, selected: Math.max(0, Math.min(index, rows.length - 1)) }));
    const row = rows[overlay.selected];
    const action = ctx.keymap.resolve('files', press.name);
    const moved = moveTarget(action, overlay.selected, body, rows.length - 1);
    if (moved !== undefined) return to(moved);
    switch (action) {
      case 'open-entry':
        if (!row) return reduced(state);
        if (row.kind === 'deleted') return notify(state, `${sanitizeLine(row.name)} was deleted since the image: there is nothing to open`, 'error');
        if (row.kind === 'other') return notify(state, `${sanitizeLine(row.name)} is neither a file nor a directory (a device, a pipe, a socket)`, 'error');
        return go(state, overlay, row.path);
      case 'parent-dir':
        return overlay.path === '/' ? reduced(state) : go(state, overlay, posix.dirname(overlay.path));
      case 'copy-out':
      case 'copy-in':
        return filesCopy(state, overlay, action, ctx, app);
      case 'close':
        return close(state, overlay.id);
      default:
        return undefined;
    }
  },
  result: (state, overlay, result, _ctx, app) => loaded(state, overlay, result, app),
  // A copy the browser asked for, asked again once a protected engine's name was typed.
  again: (state, overlay, action, ctx, app, confirmed) => (action === 'copy-in' || action === 'copy-out' ? filesCopy(state, overlay, action, ctx, app, confirmed) : undefined),
  footer: ['open-entry', 'parent-dir', 'copy-out', 'copy-in', 'close'],
  draws: 'file-tree',
});
