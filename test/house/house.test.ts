/**
 * The house rule of issue 31: a pane or a dialog is one module. For every pane id and every
 * dialog, this lists the files under src/ that name it and fails unless they are its own module,
 * its one registry line, and the keymap (where its keys are bound: a pane's context and its
 * `pane-<id>` focus key).
 *
 * What "naming" is: for a pane, its id as a whole string literal ('volumes', 'pane-volumes') or
 * an import of its module; for a dialog, its id given as a `type` (`{ type: 'stop' }`,
 * `x.type === 'stop'`, `dialogOf('stop')`: how a dialog is opened or recognised) or an import of
 * its module. Keymap action ids that share a dialog's word ('stop' the key, 'stop' the dialog)
 * are the keymap's, not the dialog's.
 *
 * The engine and state floors are not searched: they sit under the app floor and cannot import
 * it (lint), so a word there is the engine's ("containers" is /containers/json), never a pane.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { dialogs } from '../../src/app/dialogs/index.ts';
import { keymap, paneIdsOf } from '../../src/app/keys/keymap.ts';
import { paneOrder, panes } from '../../src/app/panes/index.ts';
import { parse, sourceFiles, SRC, type Parsed } from './names.ts';

/** The same word meaning something else, where it is not the pane: each with why. */
const SAME_WORD: ReadonlyArray<{ file: string; word: string; why: string }> = [
  { file: 'app/dialogs/prune.ts', word: 'containers', why: 'a prune target: the engine’s /containers/prune' },
  { file: 'app/dialogs/prune.ts', word: 'images', why: 'a prune target: the engine’s /images/prune' },
  { file: 'app/dialogs/prune.ts', word: 'volumes', why: 'a prune target: the engine’s /volumes/prune' },
  { file: 'app/dialogs/prune.ts', word: 'networks', why: 'a prune target: the engine’s /networks/prune' },
  { file: 'app/handlers/prune.ts', word: 'containers', why: 'a prune target, as the engine client names it' },
  { file: 'app/handlers/prune.ts', word: 'images', why: 'a prune target, as the engine client names it' },
  { file: 'app/handlers/prune.ts', word: 'volumes', why: 'a prune target, as the engine client names it' },
  { file: 'app/handlers/prune.ts', word: 'networks', why: 'a prune target, as the engine client names it' },
  { file: 'app/handlers/resources.ts', word: 'volumes', why: 'the resource list to read again (state/resources names its lists)' },
  { file: 'app/handlers/resources.ts', word: 'networks', why: 'the resource list to read again (state/resources names its lists)' },
  { file: 'app/dialogs/remove.ts', word: 'volumes', why: 'the remove dialog’s "volumes" switch (docker rm -v)' },
  { file: 'app/dialogs/pull.ts', word: 'pulls', why: 'the verb in "pulls busybox:latest"' },
  { file: 'main/settings.ts', word: 'actions', why: 'config.json’s "actions": the user’s own actions (app/custom), not the Actions pane' },
];

const FLOORS_SEARCHED = ['app/', 'ui/', 'main/', 'tuning/'];
const parsed: Parsed[] = sourceFiles()
  .map(parse)
  .filter((f) => FLOORS_SEARCHED.some((floor) => f.file.startsWith(floor)));

function importsModule(file: Parsed, module: string): boolean {
  return file.imports.some((spec) => spec.startsWith('.') && relative(SRC, join(SRC, dirname(file.file), spec)).split('\\').join('/') === module);
}

function paneNamers(id: string): string[] {
  const module = `app/panes/${id}.ts`;
  return parsed
    .filter((f) => f.strings.some((s) => (s === id && !SAME_WORD.some((w) => w.file === f.file && w.word === id)) || s === `pane-${id}`) || importsModule(f, module))
    .map((f) => f.file);
}

function dialogNamers(id: string): string[] {
  const module = `app/dialogs/${id}.ts`;
  return parsed.filter((f) => f.types.includes(id) || importsModule(f, module)).map((f) => f.file);
}

describe('a pane is one module', () => {
  for (const pane of panes) {
    test(`pane ${pane.id}: named only by its module, the registry and the keymap`, () => {
      const module = `app/panes/${pane.id}.ts`;
      assert.ok(existsSync(join(SRC, module)), `its module is ${module}`);
      assert.deepEqual(paneNamers(pane.id).sort(), [module, 'app/keys/keymap.ts', 'app/panes/index.ts'].sort());
    });
  }

  test('every pane has its focus key (`pane-<id>`) in the keymap, in tab order, and no focus key names a pane that is not there', () => {
    assert.deepEqual(paneIdsOf(keymap), paneOrder);
  });

  test('each same-word exception is still needed (else it hides a naming)', () => {
    for (const { file, word } of SAME_WORD) {
      const found = parsed.find((f) => f.file === file);
      assert.ok(found?.strings.includes(word), `${file} no longer says "${word}": drop the exception`);
    }
  });
});

describe('a dialog is one module', () => {
  for (const dialog of dialogs) {
    test(`dialog ${dialog.id}: named only by its module and the registry`, () => {
      const module = `app/dialogs/${dialog.id}.ts`;
      assert.ok(existsSync(join(SRC, module)), `its module is ${module}`);
      assert.deepEqual(dialogNamers(dialog.id).sort(), [module, 'app/dialogs/index.ts'].sort());
    });
  }
});

test('the check finds a naming where there is one', () => {
  // The registries name every module: a check that found nothing would pass anything.
  assert.ok(paneNamers('containers').includes('app/panes/index.ts'));
  assert.ok(dialogNamers('stop').includes('app/dialogs/index.ts'));
  assert.ok(parse(join(SRC, 'app/dialogs/stop.ts')).types.includes('stop'));
});
