/**
 * The Transfers pane (its id is still `pulls`, its key 3): every pull and push of this session,
 * and every other transfer (a backup's save, load, export, restore: a block of kind 'transfer',
 * state/pulls/transfer.ts), newest first, a block each with a bar per layer or its bytes (drawn
 * by ui/panes/pulls-pane.tsx, its view kind). The selection stays on the first block until the
 * user moves, so a transfer just started is the one shown.
 */
import type { PullState } from '../../state/pulls/pull-reducer.ts';
import { notify, reduced } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { moveSelectionTo, select } from '../navigation.ts';
import { selectPullIds } from '../rows/select.ts';
import { definePane, selectedRow, type PaneDefinition } from './pane.ts';

const ID = 'pulls';

export const pulls: PaneDefinition<PullState> = definePane<PullState>({
  id: ID,
  title: 'Transfers',
  footer: ['pull', 'cancel-pull', 'dismiss-pull', 'next-pane', 'engines'],
  rows: (_state, ctx) => ctx.pulls.pulls,
  key: (pull) => pull.id,
  filterable: false,
  pinsSelection: false,
  summary(_state, ctx) {
    const list = ctx.pulls.pulls;
    const running = list.filter((p) => p.status === 'running').length;
    return list.length === 0 ? '' : `${list.length} transfer${list.length === 1 ? '' : 's'}, ${running} running`;
  },
  view: { kind: 'pull-blocks' },
  shows: 'pull',
  keyOf: (id) => id,
  target: (pull) => ({ kind: 'pull', pullId: pull.id, running: pull.status === 'running' }),
  actions: {
    'cancel-pull': (state, ctx) => {
      const pull = selectedRow(pulls, state, ctx);
      if (pull?.status === 'running') return reduced(state, { type: 'pull-cancel', pullId: pull.id });
      if (!pull) return notify(state, `nothing to cancel (${ctx.keymap.label('pull')} pulls an image)`);
      return notify(state, `${sanitizeLine(pull.reference)} has ended (${ctx.keymap.label('dismiss-pull')} dismisses it)`);
    },
    'dismiss-pull': (state, ctx) => {
      const pull = selectedRow(pulls, state, ctx);
      if (!pull) return notify(state, 'nothing to dismiss');
      if (pull.status === 'running') return notify(state, `${sanitizeLine(pull.reference)} is still running (${ctx.keymap.label('cancel-pull')} cancels it)`);
      // The block that takes its place is selected, as in a list after a delete.
      const ids = selectPullIds(ctx.pulls.pulls);
      const at = ids.indexOf(pull.id);
      const rest = ids.filter((id) => id !== pull.id);
      const next = rest[Math.min(at, rest.length - 1)];
      return reduced(next === undefined ? state : select(state, ID, next), { type: 'pull-dismiss', pullId: pull.id });
    },
    // Blocks are tall: a page is the other end.
    'page-up': (state, ctx) => reduced(moveSelectionTo(state, selectPullIds(ctx.pulls.pulls), 'top')),
    'page-down': (state, ctx) => reduced(moveSelectionTo(state, selectPullIds(ctx.pulls.pulls), 'bottom')),
  },
});
