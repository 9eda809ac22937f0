import { Box, Text } from 'ink';
import { bindingsFor, type KeyContext } from '../keys/keymap.ts';
import { theme } from '../theme.ts';

/** The keys that apply right now, generated from the keymap; cut to the width, never wrapped. */
export function Footer({ contexts, width }: { contexts: readonly KeyContext[]; width: number }) {
  const parts: string[] = [];
  let used = 0;
  for (const binding of bindingsFor(contexts)) {
    if (!binding.footer) continue;
    const part = `${binding.label} ${binding.description.split(' (')[0]}`;
    if (used + part.length + 2 > width) break;
    parts.push(part);
    used += part.length + 2;
  }
  return (
    <Box width={width}>
      <Text color={theme.muted} wrap="truncate">
        {parts.join('  ')}
      </Text>
    </Box>
  );
}
