/**
 * Every table pane, drawn from its module's description (app/panes/pane.ts): the rows that fit,
 * the selection, the sort mark, or the message instead of rows, and a note under them. It draws
 * again only when what it shows changes (useDerived), not at every change of a source it does not
 * read.
 */
import { noteListTop } from '../../app/list-window.ts';
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
  /** The marked rows' keys (app/marks.ts). */
  marks: readonly string[] | undefined;
}

const toneColor = (message: PaneMessage): string | undefined => (message.tone === 'error' ? theme.error : message.tone === 'warning' ? theme.warning : theme.muted);

/** The same row: the same object, or one with the same key, colour and cells (rows made again for nothing). */
function sameRow(a: TableRow<string>, b: TableRow<string>): boolean {
  if (a === b) return true;
  if (a.key !== b.key || a.color !== b.color) return false;
  const keys = Object.keys(a.cells);
  return keys.length === Object.keys(b.cells).length && keys.every((k) => a.cells[k] === b.cells[k]);
}

/**
 * Two drawings are the same when their parts are: rows item by item, messages by their words.
 * Equal drawings must compare equal even when made again from scratch: React's external-store
 * hook draws again whenever a new snapshot is not the last one, so a drawing that is new at every
 * read would draw forever.
 */
function sameDrawing(a: Drawing, b: Drawing): boolean {
  return (
    shallowEqual(a.columns, b.columns) &&
    a.rows.length === b.rows.length &&
    a.rows.every((row, i) => sameRow(row, b.rows[i] as TableRow<string>)) &&
    a.selected === b.selected &&
    shallowEqual(a.message, b.message) &&
    shallowEqual(a.note, b.note) &&
    a.stale === b.stale &&
    shallowEqual(a.sortedBy, b.sortedBy) &&
    a.marks === b.marks
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
        marks: paneView(state, pane.id).marks,
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
      <Table columns={drawing.columns} rows={drawing.rows} selectedIndex={drawing.selected} width={width} height={height - 1 - (note ? 1 : 0)} dim={drawing.stale} sortedBy={drawing.sortedBy} marks={drawing.marks} onTop={(top) => noteListTop(pane.id, top)} />
      {note ? (
        <Text color={toneColor(note)} wrap="truncate">
          {note.text}
        </Text>
      ) : null}
    </Box>
  );
}
