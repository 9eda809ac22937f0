import { Box, Text } from 'ink';
import { memo, useMemo, useRef } from 'react';
import { displayWidth, fit, layoutColumns } from '../../app/format/index.ts';
import { columnNeeds, WidthHold, type Column, type TableRow } from '../../app/table.ts';

export type { Column, TableRow };
import { theme } from '../../app/theme.ts';

interface Props<K extends string> {
  columns: readonly Column<K>[];
  rows: readonly TableRow<K>[];
  selectedIndex: number;
  width: number;
  /** Lines available for rows (the header takes one more). */
  height: number;
  dim?: boolean;
  /** The column the rows are sorted by, marked ▼ (descending) or ▲ in the header. */
  sortedBy?: { key: string; descending: boolean };
  /** The marked rows' keys: while there are any, each row starts with a gutter marking them (a symbol, so NO_COLOR shows it too). */
  marks?: readonly string[];
  /** Told the first row shown each time it draws (a click on a row reads it: app/list-window.ts). */
  onTop?: (top: number) => void;
}

/** A marked row's gutter, and an unmarked one's while others are marked. */
export const MARKED = '● ';
const UNMARKED = '  ';

/**
 * One row as drawn: its text and its look, nothing else, so React draws it again only when one of
 * them changes. An age that turns over (STATUS, CREATED) changes the rows it is in; the others
 * keep their elements, so neither React nor Ink touches them (no new style for Ink to apply to
 * their layout nodes, no text to measure again). The drawn text, not the row object, is what is
 * compared: the rows are made afresh at every draw.
 */
const Line = memo(function Line({ text, selected, color, bold, dim }: { text: string; selected: boolean; color: string | undefined; bold: boolean; dim: boolean }) {
  return (
    <Text {...(selected ? theme.selection : { color })} bold={bold} dimColor={dim && !selected} wrap="truncate">
      {text}
    </Text>
  );
});

/** The column titles: drawn again only when they change. */
const Header = memo(function Header({ text }: { text: string }) {
  return (
    <Text bold color={theme.muted} wrap="truncate">
      {text}
    </Text>
  );
});

/**
 * A windowed table: only the rows that fit are rendered, so a thousand containers cost the
 * same as ten. The window moves only when the selection would leave it, like k9s.
 */
export function Table<K extends string>({ columns, rows, selectedIndex, width, height, dim, sortedBy, marks, onTop }: Props<K>) {
  const topRef = useRef(0);
  const visible = Math.max(height, 1);
  let top = Math.min(topRef.current, Math.max(rows.length - visible, 0));
  if (selectedIndex >= 0) {
    if (selectedIndex < top) top = selectedIndex;
    else if (selectedIndex >= top + visible) top = selectedIndex - visible + 1;
  }
  topRef.current = top;
  onTop?.(top);

  const titles = new Map(columns.map((c) => [c.key, c.key === sortedBy?.key ? `${c.title} ${sortedBy.descending ? '▼' : '▲'}` : c.title]));
  // Widths by need over all rows, not the visible ones: columns do not jump while scrolling.
  // And held for a while once needed (WidthHold): a crash loop's status does not move every row.
  const hold = useRef<WidthHold>(undefined);
  hold.current ??= new WidthHold();
  const measured = useMemo(() => columnNeeds(columns, rows), [columns, rows]);
  const needs = hold.current.widths(measured, Date.now());
  const specs = columns.map((c) => ({ ...c, need: Math.max(needs.get(c.key) ?? 0, displayWidth(titles.get(c.key) ?? '')) }));
  // A column with nothing in it (no ports anywhere) gives its room to columns with text, unless all fit.
  const wanted = specs.reduce((sum, c) => sum + Math.max(Math.min(c.min, c.need), Math.min(c.need, c.max ?? Infinity)) + 1, -1);
  const marked = useMemo(() => (marks && marks.length > 0 ? new Set(marks) : undefined), [marks]);
  const room = marked ? width - UNMARKED.length : width;
  const layout = layoutColumns(wanted > room ? specs.filter((c) => (needs.get(c.key) ?? 0) > 0) : specs, room);
  const align = new Map(columns.map((c) => [c.key, c.align ?? 'left']));
  const line = (cells: (key: K) => string, gutter = UNMARKED) => (marked ? gutter : '') + layout.map((c) => fit(cells(c.key), c.width, align.get(c.key))).join(' ');

  const window = rows.slice(top, top + visible);
  return (
    <Box flexDirection="column" width={width}>
      <Header text={line((key) => titles.get(key) ?? '')} />
      {window.map((row, i) => {
        const isMarked = marked?.has(row.key) ?? false;
        return <Line key={row.key} text={line((key) => row.cells[key], isMarked ? MARKED : UNMARKED)} selected={top + i === selectedIndex} color={row.color} bold={isMarked} dim={dim ?? false} />;
      })}
    </Box>
  );
}

