import { useMemo } from 'react';
import type { HelpOverlay } from '../../state/app/types.ts';
import { padEnd } from '../format/index.ts';
import { prettyKey } from '../keys/key-label.ts';
import { bindingsFor, keyLabel, type KeyContext } from '../keys/keymap.ts';
import { ScrollView } from '../widgets/scroll-view.tsx';

/** Every key for the context the user was in, generated from the keymap. */
export function HelpView({ overlay, contexts, width, height }: { overlay: HelpOverlay; contexts: readonly KeyContext[]; width: number; height: number }) {
  const key = contexts.join(' ');
  const lines = useMemo(() => {
    const bindings = bindingsFor(contexts);
    const labelWidth = Math.max(...bindings.map((b) => b.keys.map(prettyKey).join(', ').length)) + 2;
    return bindings.map((b) => `  ${padEnd(b.keys.map(prettyKey).join(', '), labelWidth)}${b.description}`);
  }, [key]);
  return <ScrollView title={`Keys (${keyLabel('close')} closes)`} lines={lines} top={overlay.top} width={width} height={height} />;
}
