import { Box, Text } from 'ink';
import type { Binding, KeyContext } from '../../app/keys/keymap.ts';
import { bindingLabel } from '../../app/keys/keymap.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

/** The keys that apply right now, generated from the keymap; cut to the width, never wrapped. */
export function Footer({ contexts, width }: { contexts: readonly KeyContext[]; width: number }) {
  // Help and quit are always shown; the context's own keys fill the room before them.
  const all = useKeymap().bindingsFor(contexts).filter((b) => b.footer);
  const fixed = all.filter((b) => b.action === 'help' || b.action === 'quit').map(hint);
  let used = fixed.reduce((n, p) => n + p.length + 2, 0);
  const parts: string[] = [];
  for (const binding of all) {
    if (binding.action === 'help' || binding.action === 'quit') continue;
    const part = hint(binding);
    if (used + part.length + 2 > width) break;
    parts.push(part);
    used += part.length + 2;
  }
  parts.push(...fixed);
  return (
    <Box width={width}>
      <Text color={theme.muted} wrap="truncate">
        {parts.join('  ')}
      </Text>
    </Box>
  );
}

function hint(binding: Binding): string {
  return `${bindingLabel(binding)} ${binding.footer ?? binding.description}`;
}
