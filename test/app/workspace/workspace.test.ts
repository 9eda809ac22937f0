/**
 * The workspace's pure parts: config.json's `workspace` checked, the chosen columns (unknown keys
 * passed over, the same array while the choice is the same), the panel's keys (cycle, resize at
 * its edges), `o` over the shown columns and `O` turning the order, and what the panel demands.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseWorkspace } from '../../../src/app/workspace/config.ts';
import { columnsFor, shownKeys, sortableShown, withShownKeys } from '../../../src/app/workspace/columns.ts';
import { containerColumns } from '../../../src/app/panes/containers.ts';
import { cyclePanelPlace, cyclePanelShows, panelDemands, resizePanel } from '../../../src/app/workspace/panel.ts';
import { paneEntry } from '../../../src/app/panes/index.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { defaultWorkspace, initialAppState, paneView, workspaceOf, type AppState } from '../../../src/app/types.ts';
import { healthOf } from '../../../src/app/rows/container-rows.ts';
import { press, sampleContext } from '../../house/screens.ts';

test('config.json’s workspace: the defaults when absent, each field checked, unknown ones named', () => {
  assert.deepEqual(parseWorkspace(undefined), defaultWorkspace);
  assert.deepEqual(parseWorkspace({ panel: 'under', shows: 'stats', size: 50, columns: { containers: ['name', 'name', 'size'] } }), { panel: 'under', shows: 'stats', size: 50, columns: { containers: ['name', 'size'] } });
  assert.match(parseWorkspace({ panel: 'left' }) as string, /"workspace.panel" must be one of "off", "beside", "under"/);
  assert.match(parseWorkspace({ size: 95 }) as string, /"workspace.size" must be a whole number from 20 to 80/);
  assert.match(parseWorkspace({ columns: { containers: [] } }) as string, /"workspace.columns.containers" must be a non-empty list/);
  assert.match(parseWorkspace({ width: 3 }) as string, /unknown setting "workspace.width"/);
  assert.match(parseWorkspace([]) as string, /must be an object/);
  assert.deepEqual((parseWorkspace({ sorts: { containers: { by: 'name', reversed: true } } }) as { sorts?: unknown }).sorts, { containers: { by: 'name', reversed: true } });
  assert.match(parseWorkspace({ sorts: { containers: 'name' } }) as string, /"workspace.sorts.containers" must be like/);
});

test('the chosen columns: the defaults until chosen, unknown keys passed over, the same array for the same choice', () => {
  const state = initialAppState();
  assert.deepEqual(shownKeys(state, 'containers', containerColumns), containerColumns.defaults);
  const chosen = withShownKeys(state, 'containers', ['name', 'gone', 'command', 'size']);
  const keys = shownKeys(chosen, 'containers', containerColumns);
  assert.deepEqual(keys, ['name', 'command', 'size']);
  assert.equal(columnsFor(containerColumns, keys), columnsFor(containerColumns, ['name', 'command', 'size']));
  assert.deepEqual(sortableShown(containerColumns, ['name', 'memPercent', 'size']), ['name', 'size']);
  assert.deepEqual(shownKeys(withShownKeys(state, 'containers', ['gone']), 'containers', containerColumns), containerColumns.defaults, 'nothing known: the defaults');
});

test('the panel’s keys: | cycles off, beside, under; \\ cycles logs, stats, inspect; + and - stop at the edges, saying so', () => {
  let state: AppState = initialAppState();
  const places = [1, 2, 3].map(() => (state = cyclePanelPlace(state).state, workspaceOf(state).panel));
  assert.deepEqual(places, ['beside', 'under', 'off']);
  const shows = [1, 2, 3].map(() => (state = cyclePanelShows(state).state, workspaceOf(state).shows));
  assert.deepEqual(shows, ['stats', 'inspect', 'logs']);
  for (let i = 0; i < 6; i++) state = resizePanel(state, 1).state;
  assert.equal(workspaceOf(state).size, 80);
  assert.match(state.notice?.text ?? '', /its largest/);
  for (let i = 0; i < 8; i++) state = resizePanel(state, -1).state;
  assert.equal(workspaceOf(state).size, 20);
});

test('o walks the shown columns, O turns the order, a new column starts in its own direction', () => {
  const ctx = sampleContext();
  const key = (s: AppState, name: string) => reduceApp(s, { kind: 'key', press: press(name) }, ctx).state;
  let state = key(initialAppState({ columns: 120, rows: 40 }), '1');
  state = key(state, 'o');
  assert.equal(paneView(state, 'containers').sort, 'name', 'from the engine’s order to the first shown column that orders (ids do not)');
  const names = (s: AppState) => paneEntry('containers').rows(s, ctx).map((r) => (r as { cells: { name: string } }).cells.name);
  const ascending = names(state);
  state = key(state, 'O');
  assert.equal(paneView(state, 'containers').reversed, true);
  assert.deepEqual(names(state), [...ascending].reverse());
  state = key(state, 'o');
  assert.equal(paneView(state, 'containers').sort, 'image');
  assert.equal(paneView(state, 'containers').reversed, false);
});

test('the panel demands one container’s logs, or its figures, or nothing while off or covered', () => {
  const ctx = sampleContext();
  const pane = paneEntry('containers');
  const key = (s: AppState, name: string) => reduceApp(s, { kind: 'key', press: press(name) }, ctx).state;
  const listed = key(key(initialAppState({ columns: 120, rows: 40 }), '1'), 'down');
  assert.deepEqual(panelDemands(listed, ctx, pane), {});
  const on = key(listed, '|');
  const demand = panelDemands(on, ctx, pane).panel;
  assert.equal(demand?.follow, 'logs');
  assert.equal(demand?.follow === 'logs' && demand.ids.length, 1);
  assert.deepEqual(panelDemands(key(on, '?'), ctx, pane), {}, 'covered by help: nothing');
  const stats = key(on, '\\');
  assert.equal(panelDemands(stats, ctx, pane).stats?.length, 1);
  assert.deepEqual(panelDemands(on, ctx, paneEntry('images')), {}, 'images: no containers to follow');
});

test('HEALTH reads the list’s Status', () => {
  assert.equal(healthOf('Up 3 minutes (healthy)'), 'healthy');
  assert.equal(healthOf('Up 3 seconds (health: starting)'), 'starting');
  assert.equal(healthOf('Up 1 hour (unhealthy)'), 'unhealthy');
  assert.equal(healthOf('Exited (0) 2 minutes ago'), '');
});
