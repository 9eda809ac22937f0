/**
 * The column chooser (app/views/columns.ts): a row per column the pane knows, `[x]` when shown,
 * the shown ones first in the order the table draws them, and what a costly one costs the engine.
 */
import { Box, Text } from 'ink';
import type { AppState, ColumnsOverlay } from '../../app/types.ts';
import { chooserRows, columnSetOf } from '../../app/workspace/chooser-rows.ts';
import { paneEntry } from '../../app/panes/index.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap } from '../runtime-context.tsx';

export function ColumnsView({ overlay, state, width, height }: { overlay: ColumnsOverlay; state: AppState; width: number; height: number }) {
  const keymap = useKeymap();
  const set = columnSetOf(overlay.pane);
  const rows = set ? chooserRows(state, overlay.pane, set) : [];
  const selected = Math.max(rows.findIndex((r) => r.column.key === overlay.key), 0);
  const body = Math.max(height - 2, 1);
  const first = Math.max(0, Math.min(selected - body + 1, rows.length - body));
  const titleWidth = Math.max(...rows.map((r) => r.column.title.length), 8);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {`Columns of ${paneEntry(overlay.pane).title} (${keymap.label('column-toggle')} shows or hides, ${keymap.label('column-earlier')} and ${keymap.label('column-later')} move, ${keymap.label('close')} closes; kept in config.json)`}
      </Text>
      {rows.slice(first, first + body).map((row, i) => {
        const here = first + i === selected;
        return (
          <Text key={row.column.key} wrap="truncate">
            <Text {...(here && theme.selection)}>{`${here ? '›' : ' '} [${row.shown ? 'x' : ' '}] ${row.column.title.padEnd(titleWidth)}`}</Text>
            <Text color={theme.muted}>{row.column.costs ? `  costs: ${row.column.costs}` : ''}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
