import { useMemo } from 'react';
import type { HelpOverlay } from '../../app/types.ts';
import { padEnd } from '../../app/format/index.ts';
import { prettyKey } from '../../app/keys/key-label.ts';
import type { KeyContext } from '../../app/keys/keymap.ts';
import { useKeymap } from '../runtime-context.tsx';
import { ScrollView } from '../widgets/scroll-view.tsx';

/** Every key for the context the user was in, generated from the keymap. */
export function HelpView({ overlay, contexts, width, height }: { overlay: HelpOverlay; contexts: readonly KeyContext[]; width: number; height: number }) {
  const keymap = useKeymap();
  const key = contexts.join(' ');
  const lines = useMemo(() => {
    const bindings = keymap.bindingsFor(contexts);
    const labelWidth = Math.max(...bindings.map((b) => b.keys.map(prettyKey).join(', ').length)) + 2;
    return bindings.map((b) => `  ${padEnd(b.keys.map(prettyKey).join(', '), labelWidth)}${b.description}`);
  }, [key, keymap]);
  return <ScrollView title={`Keys (${keymap.label('close')} closes)`} lines={lines} top={overlay.top} width={width} height={height} />;
}
