/**
 * Every table pane, drawn from its module's description (app/panes/pane.ts): the rows that fit,
 * the selection, the sort mark, or the message instead of rows, and a note under them. It draws
 * again only when what it shows changes (useDerived), not at every change of a source it does not
 * read.
 */
import { Box, Text } from 'ink';
import { selectedIndex } from '../../app/navigation.ts';
import type { PaneDefinition, PaneMessage, TableView } from '../../app/panes/pane.ts';
import { rowKeys } from '../../app/panes/pane.ts';
import type { Column, TableRow } from '../../app/table.ts';
import { theme } from '../../app/theme.ts';
import { paneView } from '../../app/types.ts';
import { shallowEqual, useDerived } from '../runtime-context.tsx';
import { Table } from '../widgets/table.tsx';

interface Drawing {
  columns: readonly Column<string>[];
  rows: readonly TableRow<string>[];
  selected: number;
  message: PaneMessage | undefined;
  note: PaneMessage | undefined;
  stale: boolean;
  sortedBy: { key: string; descending: boolean } | undefined;
}

const toneColor = (message: PaneMessage): string | undefined => (message.tone === 'error' ? theme.error : message.tone === 'warning' ? theme.warning : theme.muted);

/** Two drawings are the same when their parts are: rows item by item, messages by their words. */
function sameDrawing(a: Drawing, b: Drawing): boolean {
  return (
    a.columns === b.columns &&
    shallowEqual(a.rows, b.rows) &&
    a.selected === b.selected &&
    shallowEqual(a.message, b.message) &&
    shallowEqual(a.note, b.note) &&
    a.stale === b.stale &&
    shallowEqual(a.sortedBy, b.sortedBy)
  );
}

export function TablePane<Row>({ pane, view, width, height, nowMs }: { pane: PaneDefinition<Row>; view: TableView<Row>; width: number; height: number; nowMs: number }) {
  const drawing = useDerived<Drawing>(
    (state, ctx) => {
      const rows = pane.rows(state, ctx);
      return {
        columns: view.columns(state, ctx),
        rows: rows.map((row) => view.cells(row, state, ctx, nowMs)),
        selected: selectedIndex(paneView(state, pane.id), rowKeys(pane, state, ctx)),
        message: view.message(state, ctx, rows),
        note: view.note?.(state, ctx),
        stale: view.stale?.(state, ctx) ?? false,
        sortedBy: view.sortedBy?.(state),
      };
    },
    [pane, view, nowMs],
    sameDrawing,
  );
  const { message, note } = drawing;
  if (message) {
    return (
      <Box height={height}>
        <Text color={toneColor(message)} wrap="wrap">
          {message.text}
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={height}>
      <Table columns={drawing.columns} rows={drawing.rows} selectedIndex={drawing.selected} width={width} height={height - 1 - (note ? 1 : 0)} dim={drawing.stale} sortedBy={drawing.sortedBy} />
      {note ? (
        <Text color={toneColor(note)} wrap="truncate">
          {note.text}
        </Text>
      ) : null}
    </Box>
  );
}
