/**
 * The shape every dialog machine has. A dialog's state lives in the app store (an overlay);
 * its machine is pure: `key` maps a key press to the next state, `result` does the same for
 * what a command it asked for reported back. Neither needs the dialog's component to be
 * mounted, so keys typed while its code still loads go into it, in order.
 */
import type { Command } from '../app/commands.ts';
import type { PaneId } from '../app/types.ts';
import type { EngineState } from '../engine-state.ts';
import type { KeyPress } from '../input/press.ts';

export interface DialogContext {
  /** The overlay the dialog lives in: its commands carry it, so results find their way back. */
  overlay: number;
  engine: EngineState;
  /** Rows the dialog may take (the run dialog's output scrolls within them). */
  bodyHeight: number;
  /** The Images pane's row for an image (the commit dialog selects the image it made). */
  imageRowKey: (imageId: string, reference: string) => string;
}

/** What a key or a result did: the dialog's next state and what the app should do about it. */
export interface Outcome<S> {
  state: S;
  commands?: readonly Command[];
  /** Close the dialog (its running work is released). */
  close?: boolean;
  notify?: { text: string; tone?: 'info' | 'error' };
  /** Focus a pane and select a row there. */
  select?: { pane: PaneId; id: string };
  /** Make sure exited containers are listed (a run that ended at once). */
  showAll?: boolean;
}

export interface DialogMachine<S, R> {
  key(state: S, press: KeyPress, ctx: DialogContext): Outcome<S>;
  result(state: S, result: R, ctx: DialogContext): Outcome<S>;
}

/** A request dialog's answer from the engine: the one line to show, or the engine's words. */
export type RequestResult = { kind: 'done'; message: string } | { kind: 'failed'; message: string };
