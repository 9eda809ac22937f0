import { useMemo } from 'react';
import type { HelpOverlay } from '../../app/types.ts';
import { helpLines } from '../../app/keys/help-lines.ts';
import type { KeyContext } from '../../app/keys/keymap.ts';
import { useKeymap } from '../runtime-context.tsx';
import { ScrollView } from '../widgets/scroll-view.tsx';

/** Every key for the context the user was in, generated from the keymap, wrapped at the width; it scrolls like a list. */
export function HelpView({ overlay, contexts, width, height }: { overlay: HelpOverlay; contexts: readonly KeyContext[]; width: number; height: number }) {
  const keymap = useKeymap();
  const key = contexts.join(' ');
  const lines = useMemo(() => helpLines(keymap.bindingsFor(contexts), width), [key, keymap, width]);
  const scroll = `${keymap.shortLabel('down')}/${keymap.shortLabel('up')} ${keymap.shortLabel('page-down')}/${keymap.shortLabel('page-up')} scroll`;
  return <ScrollView title={`Keys (${keymap.label('close')} closes)`} lines={lines} top={overlay.top} width={width} height={height} scrollHint={scroll} />;
}
