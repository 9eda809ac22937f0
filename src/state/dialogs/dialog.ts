/**
 * The dialogs, by type: each one's state, the request that opens it, its commands and results,
 * and its machine. Adding a dialog: a module like stop.ts (state, `open…`, machine), a member in
 * each union below, an entry in `machines`, and a component in ui/dialogs/dialog-host.tsx.
 */
import type { CommitCommand, CommitDialog, CommitRequest, CommitResult } from './commit.ts';
import { commitMachine, openCommit } from './commit.ts';
import type { ContainerActionCommand, ContainerActionDialog, ContainerActionRequest } from './container-action.ts';
import { containerActionMachine, openContainerAction } from './container-action.ts';
import type { CopyOutCommand, CopyOutDialog, CopyOutRequest, CopyOutResult } from './copy-out.ts';
import { copyOutMachine, openCopyOut } from './copy-out.ts';
import type { DialogContext, DialogMachine, Outcome, RequestResult } from './machine.ts';
import type { ConfirmDialog, ConfirmRequest, SwarmCommand } from './confirm.ts';
import { confirmMachine, openConfirm } from './confirm.ts';
import type { PruneCommand, PruneDialog, PruneRequest, PruneResult } from './prune.ts';
import { openPrune, pruneMachine } from './prune.ts';
import type { PullCommand, PullDialog, PullRequest, PullResult } from './pull.ts';
import { openPull, pullMachine } from './pull.ts';
import type { RemoveCommand, RemoveDialog, RemoveRequest } from './remove.ts';
import { openRemove, removeMachine } from './remove.ts';
import type { RunCommand, RunDialog, RunRequest, RunResult } from './run.ts';
import { openRun, runMachine } from './run.ts';
import type { StopCommand, StopDialog, StopRequest } from './stop.ts';
import { openStop, stopMachine } from './stop.ts';
import type { KeyPress } from '../input/press.ts';

export type DialogRequest = RunRequest | StopRequest | CommitRequest | PullRequest | RemoveRequest | ContainerActionRequest | CopyOutRequest | PruneRequest | ConfirmRequest;
export type DialogState = RunDialog | StopDialog | CommitDialog | PullDialog | RemoveDialog | ContainerActionDialog | CopyOutDialog | PruneDialog | ConfirmDialog;
export type DialogCommand = RunCommand | StopCommand | CommitCommand | PullCommand | RemoveCommand | ContainerActionCommand | CopyOutCommand | PruneCommand | SwarmCommand;
export type DialogResult = RunResult | RequestResult | CommitResult | PullResult | CopyOutResult | PruneResult;
export type DialogType = DialogState['type'];

interface Entry<S, Q, R> {
  open(request: Q, ctx: DialogContext): Outcome<S>;
  machine: DialogMachine<S, R>;
}

/** Each dialog's state, request and result types, by dialog type. */
interface Types {
  run: [RunDialog, RunRequest, RunResult];
  stop: [StopDialog, StopRequest, RequestResult];
  commit: [CommitDialog, CommitRequest, CommitResult];
  pull: [PullDialog, PullRequest, PullResult];
  remove: [RemoveDialog, RemoveRequest, RequestResult];
  'container-action': [ContainerActionDialog, ContainerActionRequest, RequestResult];
  'copy-out': [CopyOutDialog, CopyOutRequest, CopyOutResult];
  prune: [PruneDialog, PruneRequest, PruneResult];
  confirm: [ConfirmDialog, ConfirmRequest, RequestResult];
}

const machines: { [T in DialogType]: Entry<Types[T][0], Types[T][1], Types[T][2]> } = {
  run: { open: (q) => ({ state: openRun(q) }), machine: runMachine },
  stop: { open: (q) => ({ state: openStop(q) }), machine: stopMachine },
  commit: { open: (q) => ({ state: openCommit(q) }), machine: commitMachine },
  pull: { open: (q, ctx) => openPull(q, ctx.overlay), machine: pullMachine },
  remove: { open: (q) => ({ state: openRemove(q) }), machine: removeMachine },
  'container-action': { open: (q) => ({ state: openContainerAction(q) }), machine: containerActionMachine },
  'copy-out': { open: (q) => ({ state: openCopyOut(q) }), machine: copyOutMachine },
  prune: { open: (q, ctx) => openPrune(q, ctx.overlay), machine: pruneMachine },
  confirm: { open: (q) => ({ state: openConfirm(q) }), machine: confirmMachine },
};

function entry(type: DialogType): Entry<DialogState, DialogRequest, DialogResult> {
  return machines[type] as unknown as Entry<DialogState, DialogRequest, DialogResult>;
}

export function openDialog(request: DialogRequest, ctx: DialogContext): Outcome<DialogState> {
  return entry(request.type).open(request, ctx);
}

export function dialogKey(state: DialogState, press: KeyPress, ctx: DialogContext): Outcome<DialogState> {
  return entry(state.type).machine.key(state, press, ctx);
}

/** A result for this dialog. The sender knows which dialog it asked for, so the type matches. */
export function dialogResult(state: DialogState, result: DialogResult, ctx: DialogContext): Outcome<DialogState> {
  return entry(state.type).machine.result(state, result, ctx);
}
