/**
 * Actions on things: what an action does to the thing under the cursor, by the kind of thing
 * (targets.ts). A dialog's or a view's module declares the actions that open it this way, and
 * index.ts gathers them: the key reducer asks the pane what its selected row is and runs what is
 * declared for that kind, so a pane names no dialog and a dialog names no pane.
 */
import type { Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import type { ActionId } from '../keys/keymap.ts';
import type { Target, TargetKind, TargetOf } from '../targets.ts';
import type { AppState } from '../types.ts';

/** What an action does to a target; undefined: nothing for this one, the next candidate's handler (the row's, the list's) acts. */
export type TargetHandler<K extends TargetKind> = (state: AppState, ctx: UiContext, target: TargetOf<K>) => Reduced | undefined;

export type TargetActions = { [A in ActionId]?: { [K in TargetKind]?: TargetHandler<K> } };

/** Every module's actions, as one table; two modules declaring the same action for one kind is a mistake caught here. */
export function gather(all: readonly TargetActions[]): TargetActions {
  const table: Record<string, Record<string, unknown>> = {};
  for (const actions of all) {
    for (const [action, byKind] of Object.entries(actions)) {
      for (const [kind, handler] of Object.entries(byKind ?? {})) {
        if (table[action]?.[kind]) throw new Error(`two modules open ${action} on a ${kind}`);
        (table[action] ??= {})[kind] = handler;
      }
    }
  }
  return table as TargetActions;
}

/** The handler declared for `action` on this target's kind. */
export function handlerOn(table: TargetActions, action: ActionId, target: Target): ((state: AppState, ctx: UiContext) => Reduced | undefined) | undefined {
  const handler = table[action]?.[target.kind] as TargetHandler<typeof target.kind> | undefined;
  return handler && ((state, ctx) => handler(state, ctx, target as never));
}
