/**
 * The house rule of issues 31 and 47: a pane, a dialog or a view is one module. For every pane id,
 * dialog and view, this lists the files under src/ that name it and fails unless they are its own
 * module, its one registry line, and the keymap (where its keys are bound: a pane's context and
 * its `pane-<id>` focus key).
 *
 * What "naming" is: for a pane, its id as a whole string literal ('volumes', 'pane-volumes'), as
 * an object key (`{ volumes: … }`: a table keyed by pane) or an import of its module; for a
 * dialog, its id given as a `type` (`{ type: 'stop' }`, `x.type === 'stop'`, `dialogOf('stop')`:
 * how a dialog is opened or recognised), as an object key, or an import of its module; for a view
 * (an overlay's kind, app/types.ts), its id given as a `kind` (`{ kind: 'logs' }`,
 * `x.kind === 'logs'`, `case 'logs':`), as an object key, or an import of its module. A key that
 * is a keymap action's id ('stop' the key, `logs: { container: … }` the action's targets) is the
 * keymap's, not the dialog's or the view's; likewise the word as a key context ('logs' the
 * screen's keys).
 *
 * Views are modules (app/views, issue 47, "Views as modules") but for their state: each one's
 * overlay type is still a member of app/types.ts `Overlay` (moving it into the module would make
 * a type cycle with AppState). The files each view still spreads over are listed in
 * VIEWS_NOT_YET_MODULES, and the check fails when a file not listed starts naming a view, and
 * when a listed one stops (so the list only shrinks, to the module and its registry line).
 *
 * The engine and state floors are not searched: they sit under the app floor and cannot import
 * it (lint), so a word there is the engine's ("containers" is /containers/json), never a pane.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { dialogs } from '../../src/app/dialogs/index.ts';
import { keymap, paneIdsOf } from '../../src/app/keys/keymap.ts';
import { paneOrder, panes } from '../../src/app/panes/index.ts';
import { views as viewModules } from '../../src/app/views/index.ts';
import { parse, sourceFiles, SRC, viewIds, type Parsed } from './names.ts';

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
  { file: 'app/handlers/containers.ts', word: 'volumes', why: 'the remove request’s "volumes" switch (docker rm -v)' },
  { file: 'app/handlers/runner.ts', word: 'pulls', why: 'the runner’s pull manager (the pulls source), not the Pulls pane' },
  { file: 'app/handlers/runner.ts', word: 'services', why: 'the runner’s services (what it is given to reach the engines), not the Services pane' },
  { file: 'ui/dialogs/dialog-host.tsx', word: 'pulls', why: 'the pulls source a dialog may show (a pull’s progress)' },
  { file: 'ui/panes/aging-pane-body.tsx', word: 'containers', why: 'the engine’s container list, whose ages the clock follows' },
  { file: 'ui/panes/aging-pane-body.tsx', word: 'images', why: 'the engine’s image list, whose ages the clock follows' },
  { file: 'main/demo-env.ts', word: 'images', why: 'the demo registry’s sample images' },
  { file: 'app/custom/config.ts', word: 'confirm', why: 'a custom action’s "confirm" setting, not the confirm dialog' },
  { file: 'app/custom/run.ts', word: 'confirm', why: 'a custom action’s "confirm" setting, not the confirm dialog' },
  { file: 'app/dialogs/exec.ts', word: 'confirm', why: 'a custom action’s "confirm" setting, not the confirm dialog' },
  { file: 'app/rows/swarm-rows.ts', word: 'update', why: 'a service’s update status column, not the update dialog' },
  { file: 'app/panes/containers.ts', word: 'stats', why: 'the containers pane’s stats columns switch and demand, not the stats view' },
  { file: 'app/pulse.ts', word: 'stats', why: 'the stats source’s demand (the containers measured by the engine)' },
  { file: 'app/runtime.ts', word: 'stats', why: 'the stats source’s demand, summed over panes, views and the pulse' },
  { file: 'app/views/demands.ts', word: 'stats', why: 'the stats source’s demand, summed over the open views' },
  { file: 'app/workspace/panel.ts', word: 'stats', why: 'the stats source’s demand for the split panel’s container' },
  { file: 'app/panes/containers.ts', word: 'networks', why: 'the containers pane’s NETWORKS column (its key in config.json), not the Networks pane' },
  { file: 'app/rows/container-rows.ts', word: 'networks', why: 'a container row’s NETWORKS cell, not the Networks pane' },
  { file: 'app/rows/sort.ts', word: 'networks', why: 'ordering containers by their NETWORKS cell, not the Networks pane' },
  { file: 'app/rows/incident-rows.ts', word: 'incident', why: 'an Incidents row’s incident, not the incident card' },
  { file: 'app/panes/incidents.ts', word: 'incident', why: 'an Incidents row’s target’s incident (its seq: app/targets.ts), not the incident card' },
];

/**
 * Object keys that are a field of the project's own shapes wherever they are written, with why.
 * Only as keys: the word as a string still names.
 */
const FIELD_KEYS: ReadonlyArray<{ word: string; why: string }> = [
  { word: 'actions', why: 'the `actions` of a pane or a dialog module (panes/pane.ts, dialogs/machine.ts) and of custom settings; the Actions pane is named by its id as a string' },
];

/** The files each view still spreads over (issue 47): only its state's interface in app/types.ts is left. */
const VIEWS_NOT_YET_MODULES: Readonly<Record<string, readonly string[]>> = {
  help: ['app/types.ts'],
  inspect: ['app/types.ts'],
  logs: ['app/types.ts'],
  engines: ['app/types.ts'],
  stats: ['app/types.ts'],
  history: ['app/types.ts'],
  incident: ['app/types.ts'],
  palette: ['app/types.ts'],
  files: ['app/types.ts'],
  'build-steps': ['app/types.ts'],
  describe: ['app/types.ts'],
  health: ['app/types.ts'],
  relations: ['app/types.ts'],
  'layer-explorer': ['app/types.ts'],
  // port-hook.ts opens it for the ports view and for describe's port lines (its own file: no import cycle).
  ports: ['app/types.ts', 'app/views/port-hook.ts'],
  forwards: ['app/types.ts'],
  disk: ['app/types.ts'],
  'column-chooser': ['app/types.ts'],
};

const FLOORS_SEARCHED = ['app/', 'ui/', 'main/', 'tuning/'];
const parsed: Parsed[] = sourceFiles()
  .map(parse)
  .filter((f) => FLOORS_SEARCHED.some((floor) => f.file.startsWith(floor)));

function importsModule(file: Parsed, module: string): boolean {
  return file.imports.some((spec) => spec.startsWith('.') && relative(SRC, join(SRC, dirname(file.file), spec)).split('\\').join('/') === module);
}

const sameWord = (file: Parsed, word: string): boolean => SAME_WORD.some((w) => w.file === file.file && w.word === word);

/** The keymap's action ids: a key of that name is the keymap's (an action's targets, a table keyed by action). */
const ACTION_IDS: ReadonlySet<string> = new Set(keymap.map((b) => b.action));

function namesByKey(file: Parsed, id: string): boolean {
  return file.keys.includes(id) && !sameWord(file, id) && !FIELD_KEYS.some((k) => k.word === id);
}

function paneNamers(id: string): string[] {
  const module = `app/panes/${id}.ts`;
  return parsed
    .filter((f) => f.strings.some((s) => (s === id && !sameWord(f, id)) || s === `pane-${id}`) || namesByKey(f, id) || importsModule(f, module))
    .map((f) => f.file);
}

function dialogNamers(id: string): string[] {
  const module = `app/dialogs/${id}.ts`;
  return parsed.filter((f) => f.types.includes(id) || (!ACTION_IDS.has(id) && namesByKey(f, id)) || importsModule(f, module)).map((f) => f.file);
}

function viewNamers(id: string): string[] {
  const module = `app/views/${id}.ts`;
  return parsed.filter((f) => f.kinds.includes(id) || (!ACTION_IDS.has(id) && namesByKey(f, id)) || importsModule(f, module)).map((f) => f.file);
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

});

test('each same-word exception is still needed (else it hides a naming)', () => {
  for (const { file, word } of SAME_WORD) {
    const found = parsed.find((f) => f.file === file);
    assert.ok(found?.strings.includes(word) || found?.keys.includes(word), `${file} no longer says "${word}": drop the exception`);
  }
  for (const { word } of FIELD_KEYS) assert.ok(parsed.some((f) => f.keys.includes(word)), `no file has "${word}" as a key: drop the exception`);
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

describe('a view is named only where it is defined (until views are modules: and where it still spreads)', () => {
  const views = viewIds();
  for (const id of views) {
    test(`view ${id}: named only by its module, the registry and the files it has not left yet`, () => {
      const module = `app/views/${id}.ts`;
      const allowed = new Set([module, 'app/views/index.ts', ...(VIEWS_NOT_YET_MODULES[id] ?? [])]);
      const namers = viewNamers(id);
      assert.deepEqual(namers.filter((f) => !allowed.has(f)), [], `these files name the ${id} view: its module (${module}) should hold what they do`);
      const left = (VIEWS_NOT_YET_MODULES[id] ?? []).filter((f) => !namers.includes(f));
      assert.deepEqual(left, [], `these no longer name the ${id} view: drop them from VIEWS_NOT_YET_MODULES`);
    });
  }

  test('every view (an `Overlay` kind but a dialog) has its module in app/views/index.ts, and the registry no other', () => {
    assert.deepEqual(viewModules.map((v) => v.id).sort(), [...views].sort());
  });

  test('the list of files not yet in a module names only views there are', () => {
    assert.deepEqual(Object.keys(VIEWS_NOT_YET_MODULES).filter((id) => !views.includes(id)), []);
  });
});

test('the check finds a naming where there is one', () => {
  // The registries name every module: a check that found nothing would pass anything.
  assert.ok(paneNamers('containers').includes('app/panes/index.ts'));
  assert.ok(dialogNamers('stop').includes('app/dialogs/index.ts'));
  assert.ok(parse(join(SRC, 'app/dialogs/stop.ts')).types.includes('stop'));
  assert.ok(viewIds().includes('logs') && !viewIds().includes('dialog'), 'the views are read from app/types.ts');
  assert.ok(viewNamers('logs').includes('app/types.ts'), 'a `kind: \'logs\'` in a type names the view');
});

test('an object key names a pane, a view or a dialog: `{ volumes: … }`, `{ volumes }`, `{ volumes() {} }`', () => {
  // A file written for the test: the keys must be seen, and a quoted key is a string as before.
  const dir = mkdtempSync(join(tmpdir(), 'berth-house-'));
  try {
    const file = join(dir, 'keys.ts');
    writeFileSync(file, "const volumes = 1;\nexport const a = { networks: [], volumes, events() { return 0; }, 'nodes': 2, get pulls() { return 3; } };\nexport type T = { images: number };\nswitch (a.kind) { case 'stats': break; }\n");
    const found = parse(file);
    assert.deepEqual(found.keys.sort(), ['events', 'networks', 'pulls', 'volumes']);
    assert.ok(found.strings.includes('nodes'));
    assert.deepEqual(found.kinds, ['stats']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
