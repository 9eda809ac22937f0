/**
 * An image's layers as the history view draws them and its search reads them, newest first, as
 * `docker history` lists them: the layer id (or <missing> for layers built elsewhere), its age,
 * its size and what made it (the Dockerfile step, with the `/bin/sh -c #(nop)` the builder adds
 * taken off, as the CLI does). Engine text is sanitised here.
 */
import { formatBytes, formatRelative, padEnd, sanitizeLine, shortId } from '../format/index.ts';
import type { HistoryOverlay } from '../types.ts';

export function historyLines(overlay: Pick<HistoryOverlay, 'entries' | 'error'>, now: number): string[] {
  if (overlay.error) return [`error: ${sanitizeLine(overlay.error)}`];
  if (!overlay.entries) return ['loading…'];
  const header = `${padEnd('IMAGE', 12)}  ${padEnd('CREATED', 22)}  ${padEnd('SIZE', 8)}  CREATED BY`;
  return [
    header,
    ...overlay.entries.map((entry) => {
      const id = entry.Id && entry.Id !== '<missing>' ? shortId(entry.Id) : '<missing>';
      const by = sanitizeLine(entry.CreatedBy ?? '').replace(/^\/bin\/sh -c #\(nop\)\s+/, '');
      return `${padEnd(id, 12)}  ${padEnd(formatRelative(entry.Created, now), 22)}  ${padEnd(formatBytes(entry.Size), 8)}  ${by}`;
    }),
  ];
}
