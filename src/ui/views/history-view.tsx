import { useMemo } from 'react';
import type { HistoryOverlay } from '../../app/types.ts';
import { formatBytes, formatRelative, padEnd, sanitizeLine, shortId } from '../../app/format/index.ts';
import { ScrollView } from '../widgets/scroll-view.tsx';
import { useKeymap } from '../runtime-context.tsx';

/**
 * An image's layers, newest first, as `docker history` lists them: the layer id (or <missing>
 * for layers built elsewhere), its age, its size and what made it (the Dockerfile step, with the
 * `/bin/sh -c #(nop)` the builder adds taken off, as the CLI does).
 */
export function HistoryView({ overlay, width, height }: { overlay: HistoryOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const lines = useMemo(() => {
    if (overlay.error) return [`error: ${sanitizeLine(overlay.error)}`];
    if (!overlay.entries) return ['loading…'];
    const now = Date.now();
    const header = `${padEnd('IMAGE', 12)}  ${padEnd('CREATED', 22)}  ${padEnd('SIZE', 8)}  CREATED BY`;
    return [
      header,
      ...overlay.entries.map((entry) => {
        const id = entry.Id && entry.Id !== '<missing>' ? shortId(entry.Id) : '<missing>';
        const by = sanitizeLine(entry.CreatedBy ?? '').replace(/^\/bin\/sh -c #\(nop\)\s+/, '');
        return `${padEnd(id, 12)}  ${padEnd(formatRelative(entry.Created, now), 22)}  ${padEnd(formatBytes(entry.Size), 8)}  ${by}`;
      }),
    ];
  }, [overlay.entries, overlay.error]);
  return <ScrollView title={`history ${sanitizeLine(overlay.title)} (${keymap.label('close')} closes)`} lines={lines} top={overlay.top} width={width} height={height} />;
}
