/**
 * What the views that list a thing's facts as lines share (describe, health, relations): each
 * line may name a thing berth lists (`go`), and Enter on it closes the view and selects that
 * thing's row in its pane (a volume in Volumes, a container in Containers…); a port line goes to
 * the ports hook (port-hook.ts). The cursor moves as a list's does. Engine text in `text` is
 * sanitised where it is drawn (ui/views/item-lines-view.tsx).
 */
import { notify, reduced, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { reveal } from '../dialogs/open.ts';
import type { KeyPress } from '../input/press.ts';
import type { KeyContext } from '../keys/keymap.ts';
import { close } from '../keys/steps.ts';
import { bodyHeight } from '../layout.ts';
import { moveTarget, replaceOverlay } from '../navigation.ts';
import type { AppState, DescribeOverlay, HealthOverlay, RelationsOverlay } from '../types.ts';
import { openPort } from './port-hook.ts';

/** A thing a line names: Enter goes to it. */
export type ItemGo = { kind: 'container' | 'volume' | 'network'; id: string } | { kind: 'port'; containerId: string; port: string };

export type ItemTone = 'heading' | 'muted' | 'warning' | 'error' | 'success';

export interface ItemLine {
  text: string;
  /** Indentation, in steps. */
  depth?: number;
  tone?: ItemTone;
  go?: ItemGo;
}

/** What such a view shows: its title, a line under it that says how things are, and its lines. */
export interface ItemDoc {
  title: string;
  status?: { text: string; tone?: ItemTone };
  lines: readonly ItemLine[];
}

export type ItemOverlay = DescribeOverlay | HealthOverlay | RelationsOverlay;

/** Rows above the lines: the title and the status line. */
export const ITEM_HEADING = 2;

export function itemBody(state: AppState, ctx: UiContext): number {
  return Math.max(bodyHeight(state.terminal, ctx.engine, state.pulse) - ITEM_HEADING, 1);
}

/** Closes the view and goes where the line points. */
function goTo(state: AppState, ctx: UiContext, overlay: ItemOverlay, go: ItemGo): Reduced {
  if (go.kind === 'port') return openPort(state, ctx, overlay, go);
  const closed = close(state, overlay.id);
  return { ...closed, state: reveal(closed.state, ctx, go.kind, go.id, overlay.engine) };
}

/** The moves, Enter and Esc over `lines`; undefined: not one of those keys. */
export function itemKey(state: AppState, overlay: ItemOverlay, press: KeyPress, ctx: UiContext, context: KeyContext, lines: readonly ItemLine[]): Reduced | undefined {
  const action = ctx.keymap.resolve(context, press.name);
  const last = Math.max(lines.length - 1, 0);
  const moved = moveTarget(action, overlay.selected, itemBody(state, ctx), last);
  if (moved !== undefined) return reduced(replaceOverlay(state, { ...overlay, selected: Math.min(Math.max(moved, 0), last) }));
  if (action === 'close') return close(state, overlay.id);
  if (action === 'go-to') {
    const go = lines[overlay.selected]?.go;
    return go ? goTo(state, ctx, overlay, go) : notify(state, 'this line names nothing to go to', 'info');
  }
  return undefined;
}
