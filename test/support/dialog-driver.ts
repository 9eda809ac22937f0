/**
 * Drives a dialog module purely, as the app does but without the store: opens it through the
 * registry (`dialogOf(type).open`), and hands it each key the way app/keys/reduce.ts does, with
 * the action the keymap gives the press in the contexts in force over the dialog (its module's
 * own for its state, then what applies on every screen: keys/contexts.ts). No component,
 * no engine: a key or a result in, the dialog's next state and its commands out.
 */
import type { Command, DialogReply } from '../../src/app/commands.ts';
import type { CommitDialog, CommitRequest } from '../../src/app/dialogs/commit.ts';
import type { ComposeDialog, ComposeRequest } from '../../src/app/dialogs/compose.ts';
import type { ConfirmDialog, ConfirmRequest } from '../../src/app/dialogs/confirm.ts';
import type { CopyInDialog, CopyInRequest } from '../../src/app/dialogs/copy-in.ts';
import type { CopyOutDialog, CopyOutRequest } from '../../src/app/dialogs/copy-out.ts';
import type { CreateRequest } from '../../src/app/dialogs/create.ts';
import { dialogOf } from '../../src/app/dialogs/index.ts';
import type { KillRequest } from '../../src/app/dialogs/kill.ts';
import type { AnyDialog, DialogContext, DialogKey, Outcome } from '../../src/app/dialogs/machine.ts';
import type { PromptState } from '../../src/app/dialogs/prompt.ts';
import type { PruneDialog, PruneRequest } from '../../src/app/dialogs/prune.ts';
import type { PullDialog, PullRequest } from '../../src/app/dialogs/pull.ts';
import type { RecreateDialog, RecreateRequest } from '../../src/app/dialogs/recreate.ts';
import type { RemoveDialog, RemoveRequest } from '../../src/app/dialogs/remove.ts';
import type { RenameRequest } from '../../src/app/dialogs/rename.ts';
import type { RunDialog, RunRequest } from '../../src/app/dialogs/run.ts';
import type { ScaleRequest } from '../../src/app/dialogs/scale.ts';
import type { StopDialog, StopRequest } from '../../src/app/dialogs/stop.ts';
import type { TagRequest } from '../../src/app/dialogs/tag.ts';
import type { UpdateDialog, UpdateRequest } from '../../src/app/dialogs/update.ts';
import { plainFlags, type KeyPress } from '../../src/app/input/press.ts';
import { contextsFor } from '../../src/app/keys/contexts.ts';
import { defaultKeymap, type KeyContext, type Keymap } from '../../src/app/keys/keymap.ts';
import { initialAppState } from '../../src/app/types.ts';

/** What opens one of the registered dialogs. */
export type KnownRequest =
  | RunRequest
  | StopRequest
  | CommitRequest
  | RemoveRequest
  | PullRequest
  | KillRequest
  | RenameRequest
  | TagRequest
  | CreateRequest
  | ScaleRequest
  | CopyOutRequest
  | CopyInRequest
  | PruneRequest
  | ConfirmRequest
  | ComposeRequest
  | RecreateRequest
  | UpdateRequest;

/** The state of one of the registered dialogs, told apart by `type`. */
export type KnownDialog =
  | RunDialog
  | StopDialog
  | CommitDialog
  | RemoveDialog
  | PullDialog
  | (KillRequest & PromptState)
  | (RenameRequest & PromptState)
  | (TagRequest & PromptState)
  | (CreateRequest & PromptState)
  | (ScaleRequest & PromptState)
  | CopyOutDialog
  | CopyInDialog
  | PruneDialog
  | ConfirmDialog
  | ComposeDialog
  | RecreateDialog
  | UpdateDialog;

/** The registered module of a dialog type; a type nobody registered fails the test. */
export function moduleOf(type: string): AnyDialog {
  const dialog = dialogOf(type);
  if (!dialog) throw new Error(`no dialog "${type}" in app/dialogs/index.ts`);
  return dialog;
}

// Each module's states are the ones its own `open`, `key` and `result` make: the registry holds
// them erased, and the `type` the states carry says which of KnownDialog each one is.
function known(outcome: Outcome<{ type: string }>): Outcome<KnownDialog> {
  return outcome as Outcome<KnownDialog>;
}

export function openIn(request: KnownRequest, ctx: DialogContext): Outcome<KnownDialog> {
  return known(moduleOf(request.type).open(request, ctx));
}

/**
 * The key contexts in force while this dialog is on top: the module's own for its state, and
 * whatever applies on every screen (keys/contexts.ts, as the app works them out).
 */
export function dialogContexts(state: KnownDialog): KeyContext[] {
  return contextsFor({ ...initialAppState(), overlays: [{ kind: 'dialog', id: 1, dialog: state }], serial: 1 });
}

/** A press as the dialog gets it: with the action the keymap gives it in the dialog's contexts (keys/reduce.ts, dialogKeyPress). */
export function dialogKey(state: KnownDialog, press: KeyPress, keymap: Keymap = defaultKeymap): DialogKey {
  return { press, action: keymap.resolveIn(dialogContexts(state), press.name) };
}

export function keyIn(state: KnownDialog, press: KeyPress, ctx: DialogContext, keymap: Keymap = defaultKeymap): Outcome<KnownDialog> {
  return known(moduleOf(state.type).key(state, dialogKey(state, press, keymap), ctx));
}

/** A result for this dialog (the sender knows which dialog it asked for, so the kind fits). */
export function resultIn(state: KnownDialog, result: DialogReply, ctx: DialogContext): Outcome<KnownDialog> {
  return known(moduleOf(state.type).result(state, result, ctx));
}

const named: Record<string, KeyPress> = {
  tab: { name: 'tab', input: '\t', key: { ...plainFlags, tab: true } },
  'shift+tab': { name: 'shift+tab', input: '', key: { ...plainFlags, tab: true, shift: true } },
  enter: { name: 'return', input: '\r', key: { ...plainFlags, return: true } },
  esc: { name: 'escape', input: '', key: { ...plainFlags, escape: true } },
  space: { name: ' ', input: ' ', key: plainFlags },
  up: { name: 'up', input: '', key: { ...plainFlags, upArrow: true } },
  down: { name: 'down', input: '', key: { ...plainFlags, downArrow: true } },
  right: { name: 'right', input: '', key: { ...plainFlags, rightArrow: true } },
  bs: { name: 'backspace', input: '', key: { ...plainFlags, backspace: true } },
  pageup: { name: 'pageup', input: '', key: { ...plainFlags, pageUp: true } },
  'ctrl+n': { name: 'ctrl+n', input: 'n', key: { ...plainFlags, ctrl: true } },
  'ctrl+y': { name: 'ctrl+y', input: 'y', key: { ...plainFlags, ctrl: true } },
};

/** The presses a string of keys makes: characters, and {tab} {enter} {esc} {space} {up} {down} {right} {bs} {shift+tab} {pageup} {ctrl+n} {ctrl+y}. */
export function presses(keys: string): KeyPress[] {
  const out: KeyPress[] = [];
  for (const part of keys.split(/(\{[a-z+]+\})/).filter(Boolean)) {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (!name) {
      for (const ch of part) out.push({ name: ch, input: ch, key: plainFlags });
      continue;
    }
    const press = named[name];
    if (!press) throw new Error(`no key {${name}}`);
    out.push(press);
  }
  return out;
}

/** The one press `keys` names (`press('{enter}')`). */
export function press(keys: string): KeyPress {
  const [only, ...rest] = presses(keys);
  if (!only || rest.length > 0) throw new Error(`"${keys}" is not one key`);
  return only;
}

/** Opens a dialog and types into it; returns its state, the last outcome and every command on the way. */
export function drive(request: KnownRequest, keys: string, ctx: DialogContext, keymap: Keymap = defaultKeymap): { state: KnownDialog; last: Outcome<KnownDialog>; commands: Command[] } {
  let last = openIn(request, ctx);
  const commands: Command[] = [...(last.commands ?? [])];
  let state = last.state;
  for (const p of presses(keys)) {
    last = keyIn(state, p, ctx, keymap);
    state = last.state;
    commands.push(...(last.commands ?? []));
  }
  return { state, last, commands };
}
