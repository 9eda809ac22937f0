import { Box, Text } from 'ink';
import { displayWidth, truncate } from '../../app/format/index.ts';
import { panes } from '../../app/panes/index.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

/**
 * The summary's least room before the other tabs give up their names: "running: 12 · b…" reads,
 * less does not.
 */
const SUMMARY_FLOOR = 12;

/**
 * The pane tabs, each its focus key (the keymap's `pane-<id>` binding, so a rebound key shows)
 * and its title, with the focused pane's summary on the right. Tabs are a space apart (the focused
 * one, drawn inverse, padded by a space each side). The summary gives way first: it is cut down
 * to its floor while the names fit beside it; only when even that does not fit do the other panes
 * show only their key (a narrow terminal), and the summary gets what that leaves.
 */
export function Tabs({ active, summary, width }: { active: string; summary: string; width: number }) {
  const keymap = useKeymap();
  const tabs = panes.map((p) => ({ id: p.id, key: keymap.shortLabel(`pane-${p.id}`), title: p.title }));
  const named = (t: { key: string; title: string }) => (t.key ? `${t.key} ${t.title}` : t.title);
  // Each tab's cells: its label and the space before it, the focused one's two cells of padding.
  const cells = (label: (t: (typeof tabs)[number]) => string) => tabs.reduce((n, t) => n + displayWidth(label(t)) + 1, 0) + 1;
  const summaryCells = displayWidth(summary);
  const compact = width - cells(named) - 2 < Math.min(summaryCells, SUMMARY_FLOOR);
  const label = (t: (typeof tabs)[number]) => (compact && t.id !== active ? t.key || t.title : named(t));
  const used = cells(label);
  return (
    <Box width={width}>
      <Text wrap="truncate">
        {tabs.map((t) =>
          t.id === active ? (
            <Text key={t.id} inverse bold color={theme.accent}>
              {` ${label(t)} `}
            </Text>
          ) : (
            <Text key={t.id}>{` ${label(t)}`}</Text>
          ),
        )}
        <Text color={theme.muted}>{`  ${truncate(summary, Math.max(width - used - 2, 0))}`}</Text>
      </Text>
    </Box>
  );
}
