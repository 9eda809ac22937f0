/**
 * Where an action on a thing goes, and whether it may: the thing's engine (a fleet's row names
 * its own; anything else is on the engine shown) and that engine's access in config.json
 * ("engines": read-only, protected). A read-only engine takes no change: the action says so and
 * does nothing. A protected one asks for its name to be typed first (the engine-name dialog);
 * once typed, the action runs as if asked again (`confirmed`). In a fleet the result goes to the
 * thing's engine (route.ts).
 */
import type { Access } from '../../state/fleet/fleet.ts';
import { notify, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { askEngineName, dialogs } from '../dialogs/index.ts';
import { commandChanges } from '../actions/commands.ts';
import type { ActionId, Binding } from '../keys/keymap.ts';
import type { Target } from '../targets.ts';
import { selectedRow } from '../panes/pane.ts';
import { paneEntry } from '../panes/index.ts';
import type { AppState } from '../types.ts';
import { fleetMembers, inFleet, primaryName } from './fleet-rows.ts';
import { confirmTo, routeTo } from './route.ts';
import { customActionId } from '../custom/config.ts';
import { isCustomActionId } from '../custom/run.ts';

/**
 * The actions that change an engine (or run something in it): what read-only refuses and protected
 * asks about. Each module says it of itself (a dialog's `changesEngine`, the plain commands'
 * `commandChanges`), so an action added with its module is covered without a list here.
 */
export const CHANGES: ReadonlySet<ActionId> = new Set<ActionId>([...dialogs.filter((d) => d.changesEngine).flatMap((d) => Object.keys(d.actions ?? {}) as ActionId[]), ...commandChanges]);

/**
 * Whether an action changes its engine: one of CHANGES, or the user's own action that runs in a
 * container (an exec) or is marked `confirm` (a dangerous one on the host).
 */
export function isChange(action: ActionId, ctx: Pick<UiContext, 'custom'>): boolean {
  if (CHANGES.has(action)) return true;
  return isCustomActionId(action) && ctx.custom?.actions.some((a) => customActionId(a.name) === action && (a.confirm || a.where === 'container')) === true;
}

/** The bulk actions (dialogs/bulk.ts): each marked row's request goes to its own engine (handlers/sets.ts). */
const PER_ROW: ReadonlySet<ActionId> = new Set<ActionId>(['stop', 'start', 'restart', 'pause', 'kill', 'remove', 'pull', 'push']);

/** The engines a target is on, by short name (one, or a marked set's). */
function enginesOf(target: Target, primary: string): string[] {
  switch (target.kind) {
    case 'container':
    case 'image':
    case 'volume':
    case 'network':
    case 'service':
    case 'task':
    case 'node':
    case 'path':
      return [target.engine ?? primary];
    case 'marked':
      return [...new Set(target.items.flatMap(({ target: t }) => enginesOf(t, primary)))];
    case 'project':
      return [...new Set(target.members.map((m) => m.engine ?? primary))];
    default:
      return [primary];
  }
}

/** An engine's access, by its short name (read-write when config.json says nothing). */
export function accessOf(ctx: Pick<UiContext, 'fleet'>, engine: string): Access {
  return fleetMembers(ctx).find((m) => m.name === engine)?.access ?? 'read-write';
}


/**
 * Runs `handler` (the action declared for the target) if the target's engine allows it, and
 * sends what it returns to that engine. `confirmed`: the protected engines whose names were just typed.
 */
export function onEngine(state: AppState, ctx: UiContext, action: ActionId, target: Target, handler: (state: AppState, ctx: UiContext) => Reduced | undefined, confirmed: readonly string[] = []): Reduced | undefined {
  const primary = primaryName(ctx);
  const engines = enginesOf(target, primary);
  if (isChange(action, ctx)) {
    const readOnly = engines.filter((e) => accessOf(ctx, e) === 'read-only');
    if (readOnly.length > 0) return notify(state, `${readOnly.join(', ')} ${readOnly.length === 1 ? 'is' : 'are'} read-only (config.json "engines"): no ${action} there`, 'error');
    const guarded = engines.find((e) => accessOf(ctx, e) === 'protected' && !confirmed.includes(e));
    if (guarded !== undefined) return askEngineName(state, ctx, { engine: guarded, action, confirmed });
  }
  // A Compose project of the same name on several engines is several projects: one engine's at a time.
  if (target.kind === 'project' && engines.length > 1) return notify(state, `${target.project} is a project on ${engines.join(', ')}: mark its containers (Space) to ${action} them, each on its own engine`, 'error');
  // The bulk actions send each marked row to its own engine; anything else on marks of several engines would go to one.
  if (engines.length > 1 && !PER_ROW.has(action)) return notify(state, `the marked rows are on ${engines.join(', ')}: ${action} takes one engine's at a time (engine:NAME in the filter shows one's)`, 'error');
  const handled = handler(state, ctx);
  // What the typed names allowed goes with the commands and overlays (the gate reads it: gate/gate.ts).
  const result = handled && confirmTo(state, handled, engines.filter((e) => confirmed.includes(e)));
  const engine = engines.length === 1 ? engines[0] : undefined;
  if (!result || !inFleet(ctx) || engine === undefined || engine === primary) return result;
  return routeTo(state, result, engine);
}

/** Whether the pane's selected row (with no overlay on top) is on a read-only engine: the footer then leaves out its changes. */
export function selectedReadOnly(state: AppState, ctx: UiContext): boolean {
  return state.overlays.length === 0 && rowReadOnly(state, ctx);
}

/** The bindings help lists for the screen under it: without the changes when its selected row is on a read-only engine. */
export function helpBindings(state: AppState, ctx: UiContext, bindings: readonly Binding[]): readonly Binding[] {
  return rowReadOnly(state, ctx) ? bindings.filter((b) => !isChange(b.action, ctx)) : bindings;
}

/** Whether the pane's selected row is on a read-only engine (or, with no row, the engine shown is). */
function rowReadOnly(state: AppState, ctx: UiContext): boolean {
  const pane = paneEntry(state.pane);
  const row = selectedRow(pane, state, ctx);
  const target = row === undefined ? undefined : pane.target?.(row, state, ctx);
  const engines = target ? enginesOf(target, primaryName(ctx)) : [primaryName(ctx)];
  return engines.some((e) => accessOf(ctx, e) === 'read-only');
}
