import { Box, Text } from 'ink';
import type { DiskOverlay } from '../../app/types.ts';
import { displayWidth, padEnd, padStart, sanitizeLine, truncate } from '../../app/format/index.ts';
import { diskSelected, diskTableOf, reportOf, SECTION_TITLES, totalLine, type DiskTable } from '../../app/rows/disk-rows.ts';
import { theme } from '../../app/theme.ts';
import { useDerived, useKeymap } from '../runtime-context.tsx';

/** Each column as wide as its widest cell; the first (the names) takes what is left, cut there. */
function widths(table: DiskTable, width: number): number[] {
  const natural = table.titles.map((title, c) => Math.max(displayWidth(title), ...table.rows.map((r) => displayWidth(r.cells[c] ?? ''))));
  const others = natural.slice(1).reduce((sum, w) => sum + w + 2, 0);
  const first = Math.max(Math.min(natural[0] ?? 0, width - 2 - others), 8);
  return [first, ...natural.slice(1)];
}

function line(cells: readonly string[], w: readonly number[], right: readonly boolean[]): string {
  return cells.map((cell, c) => (right[c] ? padStart(cell, w[c] ?? 0) : padEnd(truncate(cell, w[c] ?? 0), w[c] ?? 0))).join('  ');
}

/**
 * The disk view: a status line (computing, or when the figures were read, or the engine's words),
 * then `docker system df`'s table (the four kinds) or `-v`'s for one kind, the selected row marked;
 * under the kinds, their sum. The rows' strings are sanitised where they are made (app/rows/disk-rows.ts).
 */
export function DiskView({ overlay, width, height }: { overlay: DiskOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const disk = useDerived((_s, ctx) => ctx.diskUsage, [], Object.is);
  const table = useDerived((_s, ctx) => diskTableOf(overlay, ctx), [overlay]);
  const selected = diskSelected(overlay, table);
  const title = overlay.section
    ? `disk usage: ${SECTION_TITLES[overlay.section]}, biggest first (${keymap.label('remove')} removes, ${keymap.label('prune')} prunes, ${keymap.shortLabel('close')} back)`
    : `disk usage (${keymap.shortLabel('disk-open')} lists a kind’s items, ${keymap.label('prune')} prunes it, ${keymap.shortLabel('close')} closes)`;
  const status = disk.computing
    ? { text: 'computing… (/system/df walks every layer and volume)', color: theme.warning }
    : disk.error
      ? { text: `✕ ${sanitizeLine(disk.error)}`, color: theme.error }
      : { text: disk.readAt ? `as the engine counted at ${new Date(disk.readAt).toLocaleTimeString()}` : '', color: theme.muted };
  const w = table ? widths(table, width) : [];
  const footer = !overlay.section && disk.usage ? totalLine(reportOf(disk.usage)) : undefined;
  const body = Math.max(height - 3 - (footer ? 1 : 0), 1);
  const rows = table?.rows ?? [];
  const first = Math.max(0, Math.min(selected - body + 1, rows.length - body));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(title, Math.max(width, 1))}
      </Text>
      <Text color={status.color} wrap="truncate">
        {status.text}
      </Text>
      {table ? (
        <Text bold wrap="truncate">
          {`  ${line(table.titles, w, table.right)}`}
        </Text>
      ) : (
        <Text color={theme.muted}>{disk.error ? 'no figures yet' : 'computing…'}</Text>
      )}
      {table && rows.length === 0 ? <Text color={theme.muted}>none</Text> : null}
      {rows.slice(first, first + body).map((row, i) => {
        const isSelected = first + i === selected;
        return (
          <Text key={row.key} wrap="truncate">
            <Text>{isSelected ? '› ' : '  '}</Text>
            <Text {...(isSelected && theme.selection)}>{line(row.cells, w, table?.right ?? [])}</Text>
          </Text>
        );
      })}
      {footer ? <Text color={theme.muted}>{`  ${footer}`}</Text> : null}
    </Box>
  );
}
