/**
 * Small steps the key reducer and the actions build on: opening a view over the panes with the
 * command that fills it, and closing one.
 */
import { reduced, type Command, type Reduced } from '../commands.ts';
import { closeOverlay, openOverlay } from '../navigation.ts';
import type { AppState, Overlay } from '../types.ts';

/** Closes an overlay and lets go of whatever runs for it. */
export function close(state: AppState, id: number, ...commands: Command[]): Reduced {
  return reduced(closeOverlay(state, id), ...commands, { type: 'overlay-release', overlay: id });
}

/** Opens a view over the panes, with the command that fills it. */
export function openView<O extends Overlay>(state: AppState, make: (id: number) => O, start?: (overlay: O) => Command): Reduced {
  const [next, overlay] = openOverlay(state, make);
  return start ? reduced(next, start(overlay)) : reduced(next);
}
