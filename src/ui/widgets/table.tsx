import { Box, Text } from 'ink';
import { useRef } from 'react';
import { fit, layoutColumns, type Align } from '../format/index.ts';
import { theme } from '../theme.ts';

export interface Column<K extends string> {
  key: K;
  title: string;
  min: number;
  max?: number;
  grow?: number;
  /** Columns with the highest number drop first when the terminal is narrow. */
  priority: number;
  align?: Align;
}

export interface TableRow<K extends string> {
  key: string;
  cells: Record<K, string>;
  color?: string;
}

interface Props<K extends string> {
  columns: readonly Column<K>[];
  rows: readonly TableRow<K>[];
  selectedIndex: number;
  width: number;
  /** Lines available for rows (the header takes one more). */
  height: number;
  dim?: boolean;
  /** The column the rows are sorted by, marked ↓ (descending) or ↑ in the header. */
  sortedBy?: { key: string; descending: boolean };
}

/**
 * A windowed table: only the rows that fit are rendered, so a thousand containers cost the
 * same as ten. The window moves only when the selection would leave it, like k9s.
 */
export function Table<K extends string>({ columns, rows, selectedIndex, width, height, dim, sortedBy }: Props<K>) {
  const topRef = useRef(0);
  const visible = Math.max(height, 1);
  let top = Math.min(topRef.current, Math.max(rows.length - visible, 0));
  if (selectedIndex >= 0) {
    if (selectedIndex < top) top = selectedIndex;
    else if (selectedIndex >= top + visible) top = selectedIndex - visible + 1;
  }
  topRef.current = top;

  const layout = layoutColumns(columns, width);
  const align = new Map(columns.map((c) => [c.key, c.align ?? 'left']));
  const titles = new Map(columns.map((c) => [c.key, c.key === sortedBy?.key ? `${c.title} ${sortedBy.descending ? '↓' : '↑'}` : c.title]));
  const line = (cells: (key: K) => string) => layout.map((c) => fit(cells(c.key), c.width, align.get(c.key))).join(' ');

  const window = rows.slice(top, top + visible);
  return (
    <Box flexDirection="column" width={width}>
      <Text bold color={theme.muted} wrap="truncate">
        {line((key) => titles.get(key) ?? '')}
      </Text>
      {window.map((row, i) => {
        const selected = top + i === selectedIndex;
        return (
          <Text key={row.key} inverse={selected} color={selected ? undefined : row.color} dimColor={dim && !selected} wrap="truncate">
            {line((key) => row.cells[key])}
          </Text>
        );
      })}
    </Box>
  );
}
