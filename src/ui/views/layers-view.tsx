import { useMemo } from 'react';
import type { LayersOverlay } from '../../app/types.ts';
import { formatBytes, sanitizeLine } from '../../app/format/index.ts';
import { ScrollView } from '../widgets/scroll-view.tsx';
import { useKeymap } from '../runtime-context.tsx';

/**
 * The layer explorer (`L`): its question before a big read over the network, its progress line
 * while the archive streams, then its lines (app/views/layer-lines.ts), scrolled.
 */
export function LayersView({ overlay, width, height }: { overlay: LayersOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  // Engine text (paths, the steps that made the layers): stripped of control sequences before it reaches the terminal.
  // Sanitised once per answer, not per scroll (an image's trees run to tens of thousands of lines).
  const body = useMemo(() => (overlay.lines ?? []).map((line) => sanitizeLine(line)), [overlay.lines]);
  const { ask, reading } = overlay;
  const lines = useMemo(() => {
    if (ask) return [`reading this image’s layers moves its whole archive, ~${formatBytes(ask.bytes)}, over ${ask.over}: ${keymap.label('yes')} reads it, ${keymap.label('no')} closes`, ...body];
    if (reading !== undefined) return [reading, ...body];
    return body.length > 0 ? body : ['asking the engine…'];
  }, [body, ask, reading, keymap]);
  return <ScrollView title={`layers of ${sanitizeLine(overlay.title)} (${keymap.label('close')} closes)`} lines={lines} top={overlay.top} width={width} height={height} search={overlay.search} />;
}
