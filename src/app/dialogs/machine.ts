/**
 * What a dialog is: one module (a file in this folder) holding its state, how it opens, what
 * its keys and its commands' results do to it (pure: `key`, `result`), how it is drawn (a pure
 * description, `view`: ui/dialogs/dialog-host.tsx draws every dialog from it), the key contexts
 * in force for it, and the actions that open it, by the kind of thing they act on. One line in
 * index.ts adds it. A dialog's state lives in the app store (an overlay); its keys are resolved
 * through the keymap ('dialog', and 'field', 'toggle' or 'confirm' for what is focused) before
 * they reach it, so the user's own keys reach every dialog and help lists them.
 */
import type { EngineState } from '../../state/engine-state.ts';
import type { SearchableLines } from '../../state/logs/search.ts';
import type { PullsState } from '../../state/pulls/pull-manager.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { Command, Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import type { CustomRun } from '../custom/types.ts';
import type { AppState } from '../types.ts';
import type { KeyPress } from '../input/press.ts';
import type { ActionId, KeyContext, Keymap } from '../keys/keymap.ts';
import type { TargetKind } from '../targets.ts';
import type { DialogView } from './view.ts';

export interface DialogContext {
  /** The overlay the dialog lives in: its commands carry it, so results find their way back. */
  overlay: number;
  engine: EngineState;
  /** Rows the dialog may take (the run dialog's output scrolls within them). */
  bodyHeight: number;
  /** The output lines the runner holds for this overlay (a run's, an exec's, the compose CLI's): what `/` searches. */
  output?: SearchableLines;
  /** The keymap in force, for what a dialog says about its keys (the default one when not given). */
  keymap?: Keymap;
}

/** A key as a dialog gets it: the press, and the action the keymap gives it in the dialog's contexts. */
export interface DialogKey {
  press: KeyPress;
  action: ActionId | undefined;
}

/** What a key or a result did: the dialog's next state and what the app should do about it. */
export interface Outcome<S> {
  state: S;
  commands?: readonly Command[];
  /** Close the dialog (its running work is released). */
  close?: boolean;
  notify?: { text: string; tone?: 'info' | 'error' };
  /** Show the pane of this kind of thing and select this one (a committed image, a run container). */
  reveal?: { kind: TargetKind; id: string };
  /** Unmark these rows (their keys): what a bulk action did to them is done. */
  unmark?: readonly string[];
  /** Remember this command for containers of this image, for the session (the exec dialog's history). */
  remember?: { image: string; command: string };
}

/** What a dialog's view may read besides its state: room, the sources it shows, the keymap. */
export interface DialogViewContext {
  overlay: number;
  /** The terminal's width, and the rows the dialog may take. */
  width: number;
  height: number;
  engine: EngineState;
  pulls: PullsState;
  keymap: Keymap;
  /** A foreground run's output lines held for this overlay (the run dialog's). */
  output(from: number, to: number): ReadonlyArray<{ stream: 'stdout' | 'stderr'; text: string }>;
  outputLength: number;
}

export interface DialogModule<S extends { type: string }, Q, R> {
  /** Its id: the `type` of its state and of the requests that open it. */
  id: S['type'];
  open(request: Q, ctx: DialogContext): Outcome<S>;
  /** The key contexts in force, most specific first: where its keys resolve, and what help lists. */
  contexts(state: S): readonly KeyContext[];
  key(state: S, key: DialogKey, ctx: DialogContext): Outcome<S>;
  result(state: S, result: R, ctx: DialogContext): Outcome<S>;
  view(state: S, ctx: DialogViewContext): DialogView;
  /** The actions that open it, by the kind of thing they act on. */
  actions?: TargetActions;
  /**
   * Whether what it does changes an engine: its actions are then refused on a read-only engine
   * and asked about on a protected one (app/fleet/access.ts reads this; the gate holds the commands).
   */
  changesEngine: boolean;
  /** Opens it on a custom action from config.json (app/custom/run.ts): one dialog declares this. */
  runsCustomAction?(state: AppState, ctx: UiContext, run: CustomRun): Reduced;
}

/** A dialog of any state, as the registry holds them (each module is checked where it is defined). */
export type AnyDialog = DialogModule<{ type: string }, unknown, unknown>;

export function defineDialog<S extends { type: string }, Q, R>(dialog: DialogModule<S, Q, R>): DialogModule<S, Q, R> {
  return dialog;
}

/** A module as the registry holds it: the states, requests and results its own code checked. */
export function registered<S extends { type: string }, Q, R>(dialog: DialogModule<S, Q, R>): AnyDialog {
  return dialog as unknown as AnyDialog;
}

/** A request dialog's answer from the engine: the one line to show, or the engine's words. */
export type RequestResult = { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * The contexts of a form whose focused row is a text field, a switch, or neither (a request in
 * flight), with `rows` rows (Tab moves between several), and any the form adds ('suggestions',
 * 'command-line') after the focused row's.
 */
export function formContexts(focused: 'field' | 'toggle' | 'none', rows: number, extra: readonly KeyContext[] = []): readonly KeyContext[] {
  if (focused === 'none') return ['dialog'];
  return [focused, ...(rows > 1 ? ['form'] : []), ...extra, 'dialog'];
}
