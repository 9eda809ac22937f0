import { Box, Text } from 'ink';
import { truncate } from '../../app/format/index.ts';
import { panes } from '../../app/panes/index.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

/**
 * The pane tabs, each its focus key (the keymap's `pane-<id>` binding, so a rebound key shows)
 * and its title, with the focused pane's summary on the right. When the names and the summary do
 * not both fit, the other panes show only their key: the summary (counts, the filter, `[stale]`)
 * says more than names a person knows by their number.
 */
export function Tabs({ active, summary, width }: { active: string; summary: string; width: number }) {
  const keymap = useKeymap();
  const tabs = panes.map((p) => ({ id: p.id, key: keymap.shortLabel(`pane-${p.id}`), title: p.title }));
  const named = (t: { key: string; title: string }) => (t.key ? `${t.key} ${t.title}` : t.title);
  const full = tabs.reduce((n, t) => n + named(t).length + 2, 0);
  const compact = width - full - 2 < summary.length;
  const label = (t: (typeof tabs)[number]) => (compact && t.id !== active ? t.key || t.title : named(t));
  const used = tabs.reduce((n, t) => n + label(t).length + 2, 0);
  return (
    <Box width={width}>
      <Text wrap="truncate">
        {tabs.map((t) => (
          <Text key={t.id} inverse={t.id === active} bold={t.id === active} color={t.id === active ? theme.accent : undefined}>
            {` ${label(t)} `}
          </Text>
        ))}
        <Text color={theme.muted}>{`  ${truncate(summary, Math.max(width - used - 2, 0))}`}</Text>
      </Text>
    </Box>
  );
}
