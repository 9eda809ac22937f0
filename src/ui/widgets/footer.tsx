import { Box, Text } from 'ink';
import { footerParts } from '../../app/keys/footer.ts';
import type { ActionId, KeyContext } from '../../app/keys/keymap.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

/** The keys the screen uses most, as many as the width holds, generated from the keymap (app/keys/footer.ts); never wrapped. */
export function Footer({ contexts, width, hidden }: { contexts: readonly KeyContext[]; width: number; hidden?: ReadonlySet<ActionId> }) {
  const parts = footerParts(useKeymap(), contexts, width, hidden);
  return (
    <Box width={width}>
      <Text color={theme.muted} wrap="truncate">
        {parts.join('  ')}
      </Text>
    </Box>
  );
}
