import { Box, Text } from 'ink';
import { truncate } from '../format/index.ts';
import type { PaneId } from '../../state/app/types.ts';
import { panes } from '../panes/registry.ts';
import { theme } from '../theme.ts';

const titles = Object.fromEntries(panes.map((p) => [p.id, p.title])) as Record<PaneId, string>;

/**
 * The pane tabs, with a short summary of the focused pane on the right. When the names and the
 * summary do not both fit, the other panes show only their number: the summary (counts, the
 * filter, `[stale]`) says more than names a person knows by their number.
 */
export function Tabs({ active, summary, width }: { active: PaneId; summary: string; width: number }) {
  const ids = Object.keys(titles) as PaneId[];
  const full = Object.values(titles).reduce((n, t) => n + t.length + 2, 0);
  const compact = width - full - 2 < summary.length;
  const label = (pane: PaneId) => (compact && pane !== active ? (titles[pane].split(' ')[0] ?? '') : titles[pane]);
  const used = ids.reduce((n, pane) => n + label(pane).length + 2, 0);
  return (
    <Box width={width}>
      <Text wrap="truncate">
        {ids.map((pane) => (
          <Text key={pane} inverse={pane === active} bold={pane === active} color={pane === active ? theme.accent : undefined}>
            {` ${label(pane)} `}
          </Text>
        ))}
        <Text color={theme.muted}>{`  ${truncate(summary, Math.max(width - used - 2, 0))}`}</Text>
      </Text>
    </Box>
  );
}
