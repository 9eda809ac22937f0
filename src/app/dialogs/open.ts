/**
 * Opening a dialog over the panes and folding what its keys and results did (an Outcome) into the
 * app state: its new state, closing it, a notice, commands, and revealing a thing it made in the
 * pane that shows such things.
 */
import { rowKey } from '../../state/sources.ts';
import { notify, type Command, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { bodyHeight, shownNotice } from '../layout.ts';
import { unmarkKeys } from '../marks.ts';
import { closeOverlay, focusPane, nextSerial, pushOverlay, replaceOverlay, select } from '../navigation.ts';
import { panes } from '../panes/index.ts';
import { fieldValues } from '../quit.ts';
import type { AppState, DialogOverlay, DialogState } from '../types.ts';
import type { AnyDialog, DialogContext, DialogModule, Outcome } from './machine.ts';

export function dialogContext(state: AppState, ctx: UiContext, overlay: number): DialogContext {
  return { overlay, engine: ctx.engine, bodyHeight: bodyHeight(state.terminal, ctx.engine, state.pulse, shownNotice(state)), output: ctx.outputLines(overlay), keymap: ctx.keymap };
}

/** What a dialog's outcome means for the app: its new state, and closing, revealing, notifying. */
export function applyOutcome(state: AppState, ctx: UiContext, overlay: DialogOverlay, outcome: Outcome<DialogState>): Reduced {
  const commands: Command[] = [...(outcome.commands ?? [])];
  let next = outcome.close ? closeOverlay(state, overlay.id) : replaceOverlay(state, outcome.state === overlay.dialog ? overlay : { ...overlay, dialog: outcome.state });
  if (outcome.close) commands.push({ type: 'overlay-release', overlay: overlay.id });
  if (outcome.reveal) next = reveal(next, ctx, outcome.reveal.kind, outcome.reveal.id, overlay.engine);
  if (outcome.unmark) next = unmarkKeys(next, outcome.unmark);
  if (outcome.remember) next = remember(next, outcome.remember.image, outcome.remember.command);
  if (outcome.notify) return notify(next, outcome.notify.text, outcome.notify.tone, ...commands);
  return { state: next, commands };
}

/** How many commands the exec dialog remembers per image. */
const REMEMBERED = 10;

/** `command` first among the image's remembered commands (once), the oldest beyond REMEMBERED dropped. */
function remember(state: AppState, image: string, command: string): AppState {
  const before = state.recent?.[image] ?? [];
  return { ...state, recent: { ...state.recent, [image]: [command, ...before.filter((c) => c !== command)].slice(0, REMEMBERED) } };
}

/** Focuses the pane that shows this kind of thing and selects it there (showing it first if the pane hides it). */
export function reveal(state: AppState, ctx: UiContext, kind: string, id: string, engine?: string): AppState {
  const pane = panes.find((p) => p.shows === kind);
  if (!pane) return state;
  // In a fleet, rows are keyed by their engine's short name: the dialog's engine, else the first.
  const fleet = ctx.fleet?.members ?? [];
  const key = pane.keyOf ? pane.keyOf(id, ctx) : rowKey(fleet.length > 1 ? (engine ?? fleet[0]?.name ?? ctx.engine.connection.endpoint) : ctx.engine.connection.endpoint, id);
  const shown = pane.reveal ? pane.reveal(state, key, ctx) : state;
  return select(focusPane(shown, pane.id), pane.id, key);
}

/** Opens a dialog on top: its state is in the store at once, so keys typed next go into it. */
export function openDialog<S extends { type: string }, Q, R>(state: AppState, ctx: UiContext, dialog: DialogModule<S, Q, R>, request: Q): Reduced {
  return openRegistered(state, ctx, dialog as unknown as AnyDialog, request);
}

export function openRegistered(state: AppState, ctx: UiContext, dialog: AnyDialog, request: unknown): Reduced {
  const [numbered, id] = nextSerial(state);
  const outcome = dialog.open(request, dialogContext(numbered, ctx, id));
  const overlay: DialogOverlay = { kind: 'dialog', id, dialog: outcome.state, opened: fieldValues(outcome.state) };
  return applyOutcome(pushOverlay(numbered, overlay), ctx, overlay, outcome);
}

