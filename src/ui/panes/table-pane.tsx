/**
 * Every table pane, drawn from its module's description (app/panes/pane.ts): the rows that fit,
 * the selection, the sort mark, or the message instead of rows, and a note under them. It draws
 * again only when what it shows changes (useDerived), not at every change of a source it does not
 * read.
 */
import { noteListTop } from '../../app/list-window.ts';
import { Box, Text } from 'ink';
import { useEffect, useRef } from 'react';
import { selectedIndex } from '../../app/navigation.ts';
import type { PaneDefinition, PaneMessage, TableView } from '../../app/panes/pane.ts';
import { rowKeys } from '../../app/panes/pane.ts';
import { columnNeeds, type Column, type TableRow } from '../../app/table.ts';
import { theme } from '../../app/theme.ts';
import { paneView, type AppState } from '../../app/types.ts';
import type { UiContext } from '../../app/context.ts';
import { shallowEqual, useDerived, useRuntime } from '../runtime-context.tsx';
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
    (a.rows === b.rows || (a.rows.length === b.rows.length && a.rows.every((row, i) => sameRow(row, b.rows[i] as TableRow<string>)))) &&
    a.selected === b.selected &&
    shallowEqual(a.message, b.message) &&
    shallowEqual(a.note, b.note) &&
    a.stale === b.stale &&
    shallowEqual(a.sortedBy, b.sortedBy) &&
    a.marks === b.marks
  );
}

/** What the last drawing's rows were made from, and what they were. */
export interface Made<Row> {
  rows: readonly Row[];
  ctx: UiContext;
  nowMs: number;
  columns: readonly Column<string>[];
  drawn: readonly TableRow<string>[];
  /**
   * Each row object's drawing, for as long as the sources, the clock and the columns stand. A Map:
   * it lives only that long and holds rows of the list shown, and 10,000 sets into a WeakMap at
   * each new source or tick cost more to make and to collect (ephemerons).
   */
  byRow: Map<object, TableRow<string>>;
  /** Each rows array's drawing, as long: all ↔ running and back hands the table the array it measured before. */
  byRows: WeakMap<readonly Row[], readonly TableRow<string>[]>;
}

/**
 * The rows as drawn, made again only when what they are made from changes: the pane's rows (the
 * same array while the list, the filter and the order stand), the sources, the clock or the columns
 * (a pane's cells read the state only for the columns shown: app/panes/pane.ts). A key that moves the
 * selection over 10,000 containers then makes no cells at all, and hands the table the same
 * arrays, so it measures no column again (B11). A new rows array of the same row objects (a
 * filter typed, all ↔ running) asks the pane only for rows it has not drawn under these sources,
 * clock and columns: a pane's cells are kept per row already, but asking 10,000 times was most of a
 * filter key's work. Made afresh, they keep the last array when every row is the same object; a
 * rows array drawn before under them gets its drawing back whole (all, running, all again).
 */
export function drawnRows<Row>(made: { current: Made<Row> | undefined }, view: TableView<Row>, state: AppState, ctx: UiContext, rows: readonly Row[], nowMs: number): Pick<Made<Row>, 'columns' | 'drawn'> {
  const last = made.current;
  const fresh = view.columns(state, ctx);
  const columns = last && shallowEqual(last.columns, fresh) ? last.columns : fresh;
  const standing = last !== undefined && last.ctx === ctx && last.nowMs === nowMs && last.columns === columns;
  if (standing && last.rows === rows) return last;
  const byRow = standing ? last.byRow : new Map<object, TableRow<string>>();
  const byRows = standing ? last.byRows : new WeakMap<readonly Row[], readonly TableRow<string>[]>();
  const before = byRows.get(rows);
  if (before !== undefined) {
    made.current = { rows, ctx, nowMs, columns, drawn: before, byRow, byRows };
    return made.current;
  }
  const cells = rows.map((row) => {
    if (typeof row !== 'object' || row === null) return view.cells(row, state, ctx, nowMs);
    let drawing = byRow.get(row);
    if (drawing === undefined) {
      drawing = view.cells(row, state, ctx, nowMs);
      byRow.set(row, drawing);
    }
    return drawing;
  });
  const drawn = last && last.drawn.length === cells.length && cells.every((row, i) => row === last.drawn[i]) ? last.drawn : cells;
  byRows.set(rows, drawn);
  made.current = { rows, ctx, nowMs, columns, drawn, byRow, byRows };
  return made.current;
}

/** How long nothing changes before a pane's next view is made ahead (prepareNext). */
const PREPARE_AFTER_MS = 1000;

/**
 * Makes ahead the drawing of the view a key most likely shows next (the pane's `nextView`: the
 * Containers pane's other half of `a`), under the sources, clock and columns the shown view is
 * drawn with: its rows' cells into `made` (drawnRows hands that drawing back whole while they
 * stand), its columns measured (app/table.ts keeps them per rows array and each row's widths),
 * its rows' keys. The first `a` over 10,000 containers then draws only the rows that fit, where
 * it made and measured every row (B11's first `all`, 64–115 ms, every later one 21–32). Rows the
 * same as `done` (made ahead before, kept by the pane's memo) are not made again: the work is
 * once per list, not once per tick. Returns the rows made ahead, or undefined for none.
 */
export function prepareNext<Row>(made: { current: Made<Row> | undefined }, pane: PaneDefinition<Row>, view: TableView<Row>, state: AppState, ctx: UiContext, nowMs: number, done?: readonly Row[]): readonly Row[] | undefined {
  const next = pane.nextView?.(state);
  if (next === undefined) return undefined;
  const rows = pane.rows(next, ctx);
  if (rows === done) return rows;
  if (rows.length === 0 || view.message(next, ctx, rows) !== undefined) return undefined;
  const { columns, drawn } = drawnRows(made, view, next, ctx, rows, nowMs);
  columnNeeds(columns, drawn);
  rowKeys(pane, next, ctx);
  return rows;
}

export function TablePane<Row>({ pane, view, width, height, nowMs }: { pane: PaneDefinition<Row>; view: TableView<Row>; width: number; height: number; nowMs: number }) {
  const made = useRef<Made<Row> | undefined>(undefined);
  const drawing = useDerived<Drawing>(
    (state, ctx) => {
      const rows = pane.rows(state, ctx);
      const { columns, drawn } = drawnRows(made, view, state, ctx, rows, nowMs);
      return {
        columns,
        rows: drawn,
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
  // Once nothing has changed for a moment: the next view made ahead (prepareNext).
  const runtime = useRuntime();
  const prepared = useRef<readonly Row[] | undefined>(undefined);
  useEffect(() => {
    if (pane.nextView === undefined) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const prepare = () => {
      prepared.current = prepareNext(made, pane, view, runtime.store.getState(), runtime.context(), nowMs, prepared.current) ?? prepared.current;
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(prepare, PREPARE_AFTER_MS);
      timer.unref();
    };
    const off = [runtime.store.subscribe(arm), runtime.sources.subscribe(arm)];
    arm();
    return () => {
      clearTimeout(timer);
      for (const unsubscribe of off) unsubscribe();
    };
  }, [pane, view, nowMs, runtime]);
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
