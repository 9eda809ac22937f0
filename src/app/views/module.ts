/**
 * What a view is: one module (a file in this folder) holding what opens it (its actions, by the
 * kind of thing they act on), the key contexts in force while it is on top, what its keys do,
 * what the results of its commands do (one generic action, `{ type: 'view', overlay, result }`),
 * what it keeps live (its demands), its footer order and how it is drawn (a drawing kind:
 * ui/views/overlay-views.tsx maps the kind, not the view). One line in index.ts adds it. Its state
 * is its overlay, in the app store (app/types.ts `Overlay`).
 *
 * A view's keys may need the app's own reducers (a key pressed on the screen under the palette,
 * an action on a thing through the engine gate, the contexts help lists): those import the
 * registry, so they reach a view as `ViewApp`, never as an import.
 */
import type { Demands } from '../../state/sources.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import type { KeyPress } from '../input/press.ts';
import type { ActionId, KeyContext } from '../keys/keymap.ts';
import type { Target } from '../targets.ts';
import type { AppState, DialogOverlay, EngineRow, Overlay } from '../types.ts';
import type { ItemDoc } from './item-lines.ts';

/** A view's state: an overlay that is not a dialog (a dialog's module is app/dialogs). */
export type ViewOverlay = Exclude<Overlay, DialogOverlay>;

/** The app's reducers a view's keys may use, given by the key reducer (keys/reduce.ts). */
export interface ViewApp {
  /**
   * Runs what `action` does to `target` (the module that declares it), through the engine's
   * access (app/fleet/access.ts: a read-only engine refuses a change, a protected one asks);
   * `confirmed`: the protected engines whose names were just typed. Undefined: nothing declared.
   */
  act(state: AppState, ctx: UiContext, action: ActionId, target: Target, confirmed?: readonly string[]): Reduced | undefined;
  /** Presses a key on the screen as it is (the palette runs an entry by its key). */
  press(state: AppState, press: KeyPress, ctx: UiContext): Reduced;
  /** The key contexts of the screen as it is (what the palette offers), and of the screen under the top overlay (what help lists). */
  contexts(state: AppState): readonly KeyContext[];
  contextsUnder(state: AppState): readonly KeyContext[];
  /** Opens the view that shows text over the screen (a file's, a log line's JSON), closing back to this one. */
  showLines(state: AppState, what: { objectId: string; title: string; caption?: string; lines: readonly string[] }): Reduced;
  /** Opens the engine switcher switching to `row` (the palette's engine entries). */
  switchEngine(state: AppState, row: EngineRow): Reduced;
}

/** How a view is drawn: ui/views/overlay-views.tsx has a component per kind. */
export type ViewDrawing = 'key-list' | 'json-lines' | 'log-lines' | 'engine-list' | 'resource-graphs' | 'layer-table' | 'post-mortem' | 'command-list' | 'file-tree' | 'build-steps' | 'item-lines' | 'layer-tree' | 'port-list' | 'forward-list' | 'disk-usage' | 'column-list';

export interface ViewModule<O extends ViewOverlay, R> {
  /** Its id: the `kind` of its overlay. */
  id: O['kind'];
  /** The actions that open it, by the kind of thing they act on. */
  actions?: TargetActions;
  /** The key contexts in force while it is on top, most specific first ('anywhere' is added). */
  contexts(overlay: O): readonly KeyContext[];
  /** What a key does; undefined lets it through to the global keys (quit, help, pull, the switcher). */
  key(state: AppState, overlay: O, press: KeyPress, ctx: UiContext, app: ViewApp): Reduced | undefined;
  /**
   * The global action that opens it with nothing selected (help's `?`, the switcher's, the
   * palette's); pressed over the view itself, it closes it (help over help).
   */
  opener?: { action: ActionId; open(state: AppState, ctx: UiContext, app: ViewApp): Reduced };
  /** What a result of its commands does to it. */
  result?(state: AppState, overlay: O, result: R, ctx: UiContext, app: ViewApp): Reduced;
  /** A result whose view closed before it came and that matters still (a switch that happened); undefined: it does not. */
  resultClosed?(state: AppState, result: R, ctx: UiContext): Reduced | undefined;
  /** The terminal's new size, for a view that keeps a place in it. */
  resized?(state: AppState, overlay: O, ctx: UiContext): AppState;
  /** An action it asked for, asked again once a protected engine's name was typed; undefined: not its. */
  again?(state: AppState, overlay: O, action: ActionId, ctx: UiContext, app: ViewApp, confirmed: readonly string[]): Reduced | undefined;
  /** What it keeps live while it is open (a stats view: its container's figures). */
  demands?(overlay: O): Demands;
  /** Its keys the footer shows first, most used first (app/keys/footer.ts); the rest follow in the keymap's order. */
  footer?: readonly ActionId[];
  draws: ViewDrawing;
  /** What an 'item-lines' view shows (item-lines.ts): its title, status and lines, from its state and the sources. */
  lines?(overlay: O, ctx: UiContext): ItemDoc;
}

/** A view of any state, as the registry holds them (each module is checked where it is defined). */
export type AnyView = ViewModule<ViewOverlay, unknown>;

export function defineView<O extends ViewOverlay, R = never>(view: ViewModule<O, R>): ViewModule<O, R> {
  return view;
}

/** A module as the registry holds it: the overlays and results its own code checked. */
export function registeredView<O extends ViewOverlay, R>(view: ViewModule<O, R>): AnyView {
  return view as unknown as AnyView;
}
