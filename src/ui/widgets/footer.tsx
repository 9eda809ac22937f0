import { Box, Text } from 'ink';
import { bindingsFor, type Binding, type KeyContext } from '../keys/keymap.ts';
import { theme } from '../theme.ts';

/** The keys that apply right now, generated from the keymap; cut to the width, never wrapped. */
export function Footer({ contexts, width }: { contexts: readonly KeyContext[]; width: number }) {
  // Help and quit are always shown; the context's own keys fill the room before them.
  const all = bindingsFor(contexts).filter((b) => b.footer);
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
  return `${binding.label} ${binding.footer ?? binding.description}`;
}
