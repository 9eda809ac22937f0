import { useMemo } from 'react';
import { padEnd } from '../format/index.ts';
import { bindingsFor, type KeyContext } from '../keys/keymap.ts';
import { ScrollView } from '../widgets/scroll-view.tsx';

/** Every key for the context the user was in, generated from the keymap. */
export function HelpView({ contexts, width, height, onClose }: { contexts: readonly KeyContext[]; width: number; height: number; onClose: () => void }) {
  const lines = useMemo(() => {
    const bindings = bindingsFor(contexts);
    const labelWidth = Math.max(...bindings.map((b) => b.keys.map(pretty).join(', ').length)) + 2;
    return bindings.map((b) => `  ${padEnd(b.keys.map(pretty).join(', '), labelWidth)}${b.description}`);
  }, [contexts]);
  return <ScrollView title="Keys (Esc closes)" lines={lines} width={width} height={height} context="help" onClose={onClose} />;
}

const names: Record<string, string> = {
  up: '↑',
  down: '↓',
  pageup: 'PgUp',
  pagedown: 'PgDn',
  home: 'Home',
  end: 'End',
  return: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  'shift+tab': 'Shift-Tab',
};

function pretty(key: string): string {
  if (names[key]) return names[key];
  if (key.startsWith('ctrl+')) return `Ctrl-${key.slice(5).toUpperCase()}`;
  return key;
}
