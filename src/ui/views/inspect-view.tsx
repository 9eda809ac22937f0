import { useMemo } from 'react';
import type { InspectOverlay } from '../../state/app/types.ts';
import { sanitizeLine } from '../format/index.ts';
import { keyLabel } from '../keys/keymap.ts';
import { ScrollView } from '../widgets/scroll-view.tsx';

/** Pretty JSON of one container or image, fetched when opened (details only for what is on screen). */
export function InspectView({ overlay, width, height }: { overlay: InspectOverlay; width: number; height: number }) {
  // Engine text: every line stripped of control sequences before it reaches the terminal.
  const lines = useMemo(() => (overlay.lines ?? ['loading…']).map((line) => sanitizeLine(line)), [overlay.lines]);
  return <ScrollView title={`inspect ${overlay.title} (${keyLabel('close')} closes)`} lines={lines} top={overlay.top} width={width} height={height} />;
}
