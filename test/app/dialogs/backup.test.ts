/**
 * The backup dialogs' machines, pure: the file proposed in the current directory, the helper
 * image proposed (the smallest the engine has), the command a submit sends, the questions (a file
 * there, a volume with files) and Enter again going on, and a volume's users left, paused or
 * stopped. Keys are resolved through the keymap in the contexts the dialog declares.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../../src/app/commands.ts';
import { backup, type BackupDialog, type BackupRequest } from '../../../src/app/dialogs/backup.ts';
import type { DialogContext, DialogModule, Outcome } from '../../../src/app/dialogs/machine.ts';
import { saveTar, type SaveTarDialog, type SaveTarRequest } from '../../../src/app/dialogs/save-tar.ts';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { presses } from '../../support/dialog-driver.ts';

const ctx: DialogContext = {
  overlay: 3,
  engine: {
    ...initialEngineState('x'),
    images: { loaded: true, stale: false, items: [{ Id: 'sha256:1', RepoTags: ['big:1'], Size: 900 }, { Id: 'sha256:2', RepoTags: ['tiny:1'], Size: 9 }] },
  },
  bodyHeight: 20,
};

/** Opens the dialog and types `keys`: the last state and every command sent on the way. */
function drive<S extends { type: string }, Q, R>(dialog: DialogModule<S, Q, R>, request: Q, keys: string, state?: S): { state: S; commands: Command[]; last: Outcome<S> } {
  let last: Outcome<S> = state ? { state } : dialog.open(request, ctx);
  const commands: Command[] = [...(last.commands ?? [])];
  for (const press of presses(keys)) {
    const action = defaultKeymap.resolveIn(dialog.contexts(last.state), press.name);
    last = dialog.key(last.state, { press, action }, ctx);
    commands.push(...(last.commands ?? []));
  }
  return { state: last.state, commands, last };
}

test('save: ./NAME.tar proposed; Enter sends it; a file there asks, and Enter again replaces it', () => {
  const request: SaveTarRequest = { type: 'save-tar', draft: { kind: 'image-save', names: ['busybox:latest'], total: 10 } };
  const first = drive<SaveTarDialog, SaveTarRequest, unknown>(saveTar as never, request, '{enter}');
  assert.deepEqual(first.commands, [{ type: 'backup-start', overlay: 3, job: { kind: 'image-save', names: ['busybox:latest'], total: 10 }, file: './busybox_latest.tar', overwrite: false, intoFiles: false }]);
  const asked = saveTar.result(first.state, { kind: 'exists', target: '/here/busybox_latest.tar' }, ctx);
  assert.equal(asked.state.exists, '/here/busybox_latest.tar');
  const again = drive<SaveTarDialog, SaveTarRequest, unknown>(saveTar as never, request, '{enter}', asked.state);
  assert.equal((again.commands[0] as Extract<Command, { type: 'backup-start' }>).overwrite, true);
  const started = saveTar.result(again.state, { kind: 'started', transferId: 'transfer-1' }, ctx);
  assert.deepEqual([started.close, started.reveal], [true, { kind: 'pull', id: 'transfer-1' }]);
});

test('a volume export: the smallest image as helper, its users paused (Space cycles), the file typed', () => {
  const request: BackupRequest = { type: 'backup', draft: { kind: 'volume-export', volume: 'data', users: 2 } };
  const opened = backup.open(request, ctx).state;
  assert.equal(opened.fields.image.value, 'tiny:1');
  assert.equal(opened.fields.file.value, './data.tar');
  const { commands } = drive<BackupDialog, BackupRequest, unknown>(backup as never, request, '.gz{tab}{tab} {enter}');
  assert.deepEqual(commands, [{ type: 'backup-start', overlay: 3, job: { kind: 'volume-export', volume: 'data', image: 'tiny:1', users: 'pause' }, file: './data.tar.gz', overwrite: false, intoFiles: false }]);
});

test('a volume export carries the volume’s size when the disk usage had measured it (the bar’s total)', () => {
  const request: BackupRequest = { type: 'backup', draft: { kind: 'volume-export', volume: 'data', users: 0, total: 5000 } };
  const { commands } = drive<BackupDialog, BackupRequest, unknown>(backup as never, request, '{enter}');
  assert.deepEqual(commands, [{ type: 'backup-start', overlay: 3, job: { kind: 'volume-export', volume: 'data', image: 'tiny:1', users: 'leave', total: 5000 }, file: './data.tar', overwrite: false, intoFiles: false }]);
});

test('a restore: the file is asked for; a volume with files asks, Enter again writes into it, Esc keeps it', () => {
  const request: BackupRequest = { type: 'backup', draft: { kind: 'volume-restore' }, volume: 'data' };
  const empty = drive<BackupDialog, BackupRequest, unknown>(backup as never, request, '{enter}');
  assert.deepEqual(empty.commands, []);
  assert.equal(empty.state.showErrors, true);
  const sent = drive<BackupDialog, BackupRequest, unknown>(backup as never, request, './d.tar{enter}');
  assert.deepEqual(sent.commands, [{ type: 'backup-start', overlay: 3, job: { kind: 'volume-restore', volume: 'data', image: 'tiny:1' }, file: './d.tar', overwrite: false, intoFiles: false }]);
  const asked = backup.result(sent.state, { kind: 'not-empty', volume: 'data' }, ctx).state;
  const into = drive<BackupDialog, BackupRequest, unknown>(backup as never, request, '{enter}', asked);
  assert.equal((into.commands[0] as Extract<Command, { type: 'backup-start' }>).intoFiles, true);
  const kept = drive<BackupDialog, BackupRequest, unknown>(backup as never, request, '{esc}', asked);
  assert.equal(kept.state.notEmpty, undefined);
  assert.notEqual(kept.last.close, true, 'Esc answers the question; the dialog stays');
  assert.deepEqual(backup.result(asked, { kind: 'failed', message: 'No such image: tiny:1' }, ctx).state.error, 'No such image: tiny:1');
});
