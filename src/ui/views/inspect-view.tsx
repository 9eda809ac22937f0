import { useMemo } from 'react';
import type { InspectOverlay } from '../../app/types.ts';
import { sanitizeLine } from '../../app/format/index.ts';
import { ScrollView } from '../widgets/scroll-view.tsx';
import { useKeymap } from '../runtime-context.tsx';

/** Pretty JSON of one container or image, fetched when opened (details only for what is on screen). */
export function InspectView({ overlay, width, height }: { overlay: InspectOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  // Engine text: every line stripped of control sequences before it reaches the terminal.
  const lines = useMemo(() => (overlay.lines ?? ['loading…']).map((line) => sanitizeLine(line)), [overlay.lines]);
  return <ScrollView title={`${overlay.caption === undefined ? `inspect ${overlay.title}` : sanitizeLine(overlay.caption)} (${keymap.label('close')} closes)`} lines={lines} top={overlay.top} width={width} height={height} search={overlay.search} />;
}
