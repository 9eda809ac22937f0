/**
 * The Actions pane (0): the action log, every change berth asked an engine for this session
 * (state/action-log), newest first: when, on which engine, how it ended (ok, or the engine's own
 * words) and the docker CLI line that does the same; `y` copies that line. Never written to disk.
 */
import { notify, reduced } from '../commands.ts';
import { plural } from '../format/index.ts';
import { memoLast } from '../rows/memo.ts';
import { actionLogRows, type ActionLogColumn, type ActionLogRow } from '../rows/action-log-rows.ts';
import type { Column } from '../table.ts';
import { theme } from '../theme.ts';
import { paneView } from '../types.ts';
import { definePane, keptCells, selectedRow, type PaneDefinition } from './pane.ts';

const ID = 'actions';

const columns: readonly Column<ActionLogColumn>[] = [
  { key: 'time', title: 'TIME', min: 8, max: 8, priority: 1 },
  { key: 'line', title: 'DOCKER COMMAND', min: 20, grow: 3, priority: 0 },
  { key: 'result', title: 'RESULT', min: 6, max: 60, grow: 1, priority: 0 },
  { key: 'engine', title: 'ENGINE', min: 8, max: 40, grow: 1, priority: 2 },
];

const rowsOf = memoLast(actionLogRows);

export const actions: PaneDefinition<ActionLogRow> = definePane<ActionLogRow>({
  id: ID,
  title: 'Actions',
  rows: (state, ctx) => rowsOf(ctx.actionLog.records, paneView(state, ID).filter),
  key: (row) => row.key,
  filterable: true,
  // Newest first, the cursor on the top row until the user moves: a new change is where one looks.
  pinsSelection: false,
  summary(state, ctx) {
    const records = ctx.actionLog.records;
    const failed = records.filter((r) => r.outcome.kind === 'failed').length;
    const filter = paneView(state, ID).filter;
    return `${plural(records.length, 'change')} asked this session${failed > 0 ? `, ${failed} failed` : ''}${filter ? ` · filter "${filter}"` : ''}`;
  },
  view: {
    kind: 'table',
    columns: () => columns,
    // A command that exited non-zero did run: said in the warning colour, not as a refusal.
    cells: keptCells((row) => ({ key: row.key, cells: row.cells, color: row.record.outcome.kind === 'failed' ? theme.error : row.record.outcome.kind === 'exited' ? theme.warning : undefined })),
    message(state, _ctx, rows) {
      if (rows.length > 0) return undefined;
      const filter = paneView(state, ID).filter;
      if (filter) return { text: `no actions match "${filter}"` };
      return { text: 'nothing asked of the engine yet: each run, stop, remove, pull, prune… berth asks for appears here with its docker command', tone: 'muted' };
    },
    // The column cuts a long refusal short: the selected row's whole answer, under the table.
    note(state, ctx) {
      const row = selectedRow(actions, state, ctx);
      return row?.record.outcome.kind === 'failed' ? { text: row.cells.result, tone: 'error' } : undefined;
    },
  },
  actions: {
    copy: (state, ctx) => {
      const row = selectedRow(actions, state, ctx);
      if (!row) return reduced(state);
      return notify(state, `copied ${row.cells.line}`, 'info', { type: 'clipboard-copy', text: row.record.line });
    },
  },
});
