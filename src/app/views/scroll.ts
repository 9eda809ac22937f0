/**
 * What the views that scroll text share (help, inspect, an image's layers, the incident card):
 * the rows of text under a title line, and the keys that move through them and close the view.
 */
import { reduced, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import type { KeyPress } from '../input/press.ts';
import type { KeyContext } from '../keys/keymap.ts';
import { close } from '../keys/steps.ts';
import { bodyHeight } from '../layout.ts';
import { moveTarget, replaceOverlay } from '../navigation.ts';
import type { AppState, Overlay } from '../types.ts';

/** Rows of text a scroll view shows under its title line. */
export function scrollBody(state: AppState, ctx: UiContext): number {
  return Math.max(bodyHeight(state.terminal, ctx.engine, state.pulse) - 1, 1);
}

/** Moves a view of `lines` lines by the keys of `context`, and closes it; undefined: not a scroll key. */
export function scrollKey<O extends Extract<Overlay, { top: number }>>(state: AppState, overlay: O, press: KeyPress, ctx: UiContext, context: KeyContext, lines: number): Reduced | undefined {
  const body = scrollBody(state, ctx);
  const maxTop = Math.max(lines - body, 0);
  const to = (top: number) => reduced(replaceOverlay(state, { ...overlay, top: Math.min(Math.max(top, 0), maxTop) }));
  const action = ctx.keymap.resolve(context, press.name);
  const top = moveTarget(action, overlay.top, body, maxTop);
  if (top !== undefined) return to(top);
  return action === 'close' ? close(state, overlay.id) : undefined;
}
