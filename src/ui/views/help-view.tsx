import { useMemo } from 'react';
import type { HelpOverlay } from '../../app/types.ts';
import { helpLines } from '../../app/keys/help-lines.ts';
import type { KeyContext } from '../../app/keys/keymap.ts';
import { helpBindings } from '../../app/fleet/access.ts';
import { useDerived, useKeymap } from '../runtime-context.tsx';
import { ScrollView } from '../widgets/scroll-view.tsx';

const sameBindings = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Every key for the context the user was in, generated from the keymap, wrapped at the width; it scrolls like a list. */
export function HelpView({ overlay, contexts, width, height }: { overlay: HelpOverlay; contexts: readonly KeyContext[]; width: number; height: number }) {
  const keymap = useKeymap();
  const key = contexts.join(' ');
  // A row on a read-only engine under it: its changes are not listed (app/fleet/access.ts).
  const bindings = useDerived((state, ctx) => helpBindings(state, ctx, keymap.bindingsFor(contexts)), [key, keymap], sameBindings);
  const lines = useMemo(() => helpLines(bindings, width), [bindings, width]);
  const scroll = `${keymap.shortLabel('down')}/${keymap.shortLabel('up')} ${keymap.shortLabel('page-down')}/${keymap.shortLabel('page-up')} scroll`;
  return <ScrollView title={`Keys (${keymap.label('close')} closes)`} lines={lines} top={overlay.top} width={width} height={height} scrollHint={scroll} search={overlay.search} />;
}
