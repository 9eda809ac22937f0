/**
 * The split panel beside or under a pane's list (app/workspace/panel.ts): its title and its
 * lines, drawn from app/workspace/panel-lines.ts; it draws again only when those change.
 */
import { Box, Text } from 'ink';
import { truncate } from '../../app/format/index.ts';
import type { Pane } from '../../app/panes/pane.ts';
import { theme } from '../../app/theme.ts';
import { panelDrawing, type PanelDrawing } from '../../app/workspace/panel-lines.ts';
import { useDerived } from '../runtime-context.tsx';

const same = (a: PanelDrawing, b: PanelDrawing) => a.title === b.title && a.lines.length === b.lines.length && a.lines.every((line, i) => line.text === b.lines[i]?.text && line.tone === b.lines[i]?.tone);

export function SplitPanel({ pane, width, height, beside }: { pane: Pane; width: number; height: number; beside: boolean }) {
  // A border on the side that faces the list: one column beside it, one row under it.
  const inner = beside ? width - 2 : width;
  const rows = Math.max(height - (beside ? 1 : 2), 1);
  const drawing = useDerived((state, ctx) => panelDrawing(state, ctx, pane, rows), [pane, rows], same);
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="single" borderColor={theme.muted} borderTop={!beside} borderBottom={false} borderRight={false} borderLeft={beside} paddingLeft={beside ? 1 : 0}>
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(drawing.title, inner)}
      </Text>
      {drawing.lines.slice(0, rows).map((line, i) => (
        <Text key={i} color={line.tone === 'muted' ? theme.muted : line.tone === 'error' ? theme.error : line.tone === 'stderr' ? theme.warning : undefined} wrap="truncate">
          {truncate(line.text, inner) || ' '}
        </Text>
      ))}
    </Box>
  );
}
