import { Box, Text } from 'ink';
import { truncate } from '../../app/format/index.ts';
import { tabLabels } from '../../app/tabs.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

/** The pane tabs (their words: app/tabs.ts), with the focused pane's summary on the right. */
export function Tabs({ active, summary, width }: { active: string; summary: string; width: number }) {
  const keymap = useKeymap();
  const tabs = tabLabels(keymap, active, summary, width);
  const used = tabs.reduce((n, t) => n + t.label.length + 2, 0);
  return (
    <Box width={width}>
      <Text wrap="truncate">
        {tabs.map((t) => (
          <Text key={t.id} inverse={t.id === active} bold={t.id === active} color={t.id === active ? theme.accent : undefined}>
            {` ${t.label} `}
          </Text>
        ))}
        <Text color={theme.muted}>{`  ${truncate(summary, Math.max(width - used - 2, 0))}`}</Text>
      </Text>
    </Box>
  );
}
