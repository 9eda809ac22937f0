/**
 * The views over the panes: one line each. A view is its module (module.ts says what one
 * declares): its opener, keys, contexts, results, demands, footer order and drawing kind.
 */
import { help } from './help.ts';
import { history } from './history.ts';
import { inspect } from './inspect.ts';
import { registeredView, type AnyView, type ViewOverlay } from './module.ts';
import { stats } from './stats.ts';

export const views: readonly AnyView[] = [registeredView(help), registeredView(inspect), registeredView(history), registeredView(stats)];

/** The view that opens text over the screen, for the others (module.ts `ViewApp`). */
export { showLines } from './inspect.ts';

/** The module of a view by its overlay's `kind`. */
export function viewOf(overlay: ViewOverlay): AnyView | undefined {
  return views.find((v) => v.id === overlay.kind);
}
