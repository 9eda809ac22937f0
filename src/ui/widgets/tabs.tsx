import { Box, Text } from 'ink';
import { tabLine } from '../../app/tabs.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

/** The pane tabs, with the focused pane's summary on the right (which names and how much summary fit: app/tabs.ts). */
export function Tabs({ active, summary, width }: { active: string; summary: string; width: number }) {
  const keymap = useKeymap();
  const line = tabLine(keymap, active, summary, width);
  return (
    <Box width={width}>
      <Text wrap="truncate">
        {line.tabs.map((t) => (
          <Text key={t.id} inverse={t.id === active} bold={t.id === active} color={t.id === active ? theme.accent : undefined}>
            {t.text}
          </Text>
        ))}
        <Text color={theme.muted}>{`  ${line.summary}`}</Text>
      </Text>
    </Box>
  );
}
