/**
 * The Transfers pane (its id is still `pulls`, its key 3): every pull, push and build of this
 * session, and every other transfer (a backup's save, load, export, restore: a block of kind
 * 'transfer', state/pulls/transfer.ts), newest first, a block each with a bar per layer, a line per
 * build step or its bytes (drawn by ui/panes/pulls-pane.tsx, its view kind). The selection stays
 * on the first block until the user moves, so a transfer just started is the one shown. Builds are
 * rows here through app/rows/transfer-rows.ts; what is theirs alone (build again, their steps) is
 * declared by the build dialog and the build-steps view.
 */
import { notify, reduced } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { moveSelectionTo, select } from '../navigation.ts';
import { isBuild, isRunning, selectTransferIds, transferRows, type TransferRow } from '../rows/transfer-rows.ts';
import { buildName } from '../rows/build-rows.ts';
import { definePane, selectedRow, type PaneDefinition } from './pane.ts';

const ID = 'pulls';

const nameOf = (row: TransferRow): string => (isBuild(row) ? buildName(row) : row.reference);

export const pulls: PaneDefinition<TransferRow> = definePane<TransferRow>({
  id: ID,
  title: 'Transfers',
  footer: ['pull', 'cancel-pull', 'dismiss-pull', 'next-pane', 'engines'],
  rows: (_state, ctx) => transferRows(ctx.pulls.pulls, ctx.builds.builds),
  key: (row) => row.id,
  filterable: false,
  pinsSelection: false,
  summary(_state, ctx) {
    const list = ctx.pulls.pulls;
    const running = list.filter((p) => p.status === 'running').length;
    const builds = ctx.builds.builds;
    const building = builds.filter(isRunning).length;
    const pullWords = list.length === 0 ? '' : `${list.length} transfer${list.length === 1 ? '' : 's'}, ${running} running`;
    const buildWords = builds.length === 0 ? '' : `${builds.length} build${builds.length === 1 ? '' : 's'}, ${building} running`;
    return [pullWords, buildWords].filter(Boolean).join(' · ');
  },
  view: { kind: 'pull-blocks' },
  shows: 'pull',
  keyOf: (id) => id,
  target: (row) => ({ kind: 'pull', pullId: row.id, running: isRunning(row) }),
  actions: {
    'cancel-pull': (state, ctx) => {
      const row = selectedRow(pulls, state, ctx);
      if (row && isRunning(row)) return reduced(state, isBuild(row) ? { type: 'build-cancel', buildId: row.id } : { type: 'pull-cancel', pullId: row.id });
      if (!row) return notify(state, `nothing to cancel (${ctx.keymap.label('pull')} pulls an image)`);
      return notify(state, `${sanitizeLine(nameOf(row))} has ended (${ctx.keymap.label('dismiss-pull')} dismisses it)`);
    },
    'dismiss-pull': (state, ctx) => {
      const row = selectedRow(pulls, state, ctx);
      if (!row) return notify(state, 'nothing to dismiss');
      if (isRunning(row)) return notify(state, `${sanitizeLine(nameOf(row))} is still running (${ctx.keymap.label('cancel-pull')} cancels it)`);
      // The block that takes its place is selected, as in a list after a delete.
      const ids = selectTransferIds(pulls.rows(state, ctx));
      const at = ids.indexOf(row.id);
      const rest = ids.filter((id) => id !== row.id);
      const next = rest[Math.min(at, rest.length - 1)];
      const command = isBuild(row) ? ({ type: 'build-dismiss', buildId: row.id } as const) : ({ type: 'pull-dismiss', pullId: row.id } as const);
      return reduced(next === undefined ? state : select(state, ID, next), command);
    },
    // Blocks are tall: a page is the other end.
    'page-up': (state, ctx) => reduced(moveSelectionTo(state, selectTransferIds(pulls.rows(state, ctx)), 'top')),
    'page-down': (state, ctx) => reduced(moveSelectionTo(state, selectTransferIds(pulls.rows(state, ctx)), 'bottom')),
  },
});
