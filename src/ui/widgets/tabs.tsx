import { Box, Text } from 'ink';
import { truncate } from '../format/index.ts';
import type { PaneId } from '../../state/app/types.ts';
import { panes } from '../panes/registry.ts';
import { theme } from '../theme.ts';

const titles = Object.fromEntries(panes.map((p) => [p.id, p.title])) as Record<PaneId, string>;

/** The pane tabs, with a short summary of the focused pane on the right. */
export function Tabs({ active, summary, width }: { active: PaneId; summary: string; width: number }) {
  const used = Object.values(titles).reduce((n, t) => n + t.length + 3, 0);
  return (
    <Box width={width}>
      <Text wrap="truncate">
        {(Object.keys(titles) as PaneId[]).map((pane) => (
          <Text key={pane} inverse={pane === active} bold={pane === active} color={pane === active ? theme.accent : undefined}>
            {` ${titles[pane]} `}
          </Text>
        ))}
        <Text color={theme.muted}>{`  ${truncate(summary, Math.max(width - used - 2, 0))}`}</Text>
      </Text>
    </Box>
  );
}
