import { useMemo } from 'react';
import type { HistoryOverlay } from '../../app/types.ts';
import { sanitizeLine } from '../../app/format/index.ts';
import { historyLines } from '../../app/rows/history-lines.ts';
import { ScrollView } from '../widgets/scroll-view.tsx';
import { useKeymap } from '../runtime-context.tsx';

/**
 * An image's layers, newest first, as `docker history` lists them: the layer id (or <missing>
 * for layers built elsewhere), its age, its size and what made it (the Dockerfile step, with the
 * `/bin/sh -c #(nop)` the builder adds taken off, as the CLI does).
 */
export function HistoryView({ overlay, width, height }: { overlay: HistoryOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const lines = useMemo(() => historyLines(overlay, Date.now()), [overlay.entries, overlay.error]);
  return <ScrollView title={`history ${sanitizeLine(overlay.title)} (${keymap.label('close')} closes)`} lines={lines} top={overlay.top} width={width} height={height} search={overlay.search} />;
}
