/**
 * The views over the panes: one line each. A view is its module (module.ts says what one
 * declares): its opener, keys, contexts, results, demands, footer order and drawing kind.
 */
import { buildSteps } from './build-steps.ts';
import { describe } from './describe.ts';
import { disk } from './disk.ts';
import { columnChooser } from './column-chooser.ts';
import { engines } from './engines.ts';
import { files } from './files.ts';
import { health } from './health.ts';
import { forwards } from './forwards.ts';
import { help } from './help.ts';
import { history } from './history.ts';
import { incident } from './incident.ts';
import { inspect } from './inspect.ts';
import { layers } from './layer-explorer.ts';
import { logs } from './logs.ts';
import { registeredView, type AnyView, type ViewOverlay } from './module.ts';
import { palette } from './palette.ts';
import { relations } from './relations.ts';
import { ports } from './ports.ts';
import { stats } from './stats.ts';

export const views: readonly AnyView[] = [
  registeredView(help),
  registeredView(inspect),
  registeredView(history),
  registeredView(layers),
  registeredView(stats),
  registeredView(engines),
  registeredView(palette),
  registeredView(files),
  registeredView(incident),
  registeredView(logs),
  registeredView(buildSteps),
  registeredView(describe),
  registeredView(health),
  registeredView(relations),
  registeredView(ports),
  registeredView(forwards),
  registeredView(disk),
  registeredView(columnChooser),
];

/** The views others open (module.ts `ViewApp`): text over the screen, the switcher switching. */
export { showLines } from './inspect.ts';
export { switchTo } from './engines.ts';

/** The module of a view by its overlay's `kind`. */
export function viewOf(overlay: ViewOverlay): AnyView | undefined {
  return views.find((v) => v.id === overlay.kind);
}
