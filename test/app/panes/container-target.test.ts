/**
 * A container row's target is the list entry the row was made from (panes/containers.ts
 * listedOf): in a fleet whose engines list the same container id (one engine reached under two
 * names), each row names its own engine's container, not the first one listed with that id.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { containers } from '../../../src/app/panes/containers.ts';
import { withPaneOptions } from '../../../src/app/panes/pane.ts';
import { initialAppState } from '../../../src/app/types.ts';
import { initialEngineState, type EngineState } from '../../../src/state/engine-state.ts';
import { tagged } from '../../../src/state/fleet/member-tag.ts';
import { uiContext } from '../../support/ui-context.ts';

const ID = 'c0ffee'.padEnd(64, '0');
const listed = (name: string, labels: Record<string, string> = {}): ContainerSummary => ({ Id: ID, Names: [`/${name}`], Image: 'busybox', State: 'running', Status: 'Up 3 minutes', Created: 1_700_000_000, Labels: labels });

test('each row’s target names the container it was made from, when another entry has the same id', () => {
  const items = [tagged(listed('on-a'), 'a'), tagged(listed('on-b', { 'com.docker.swarm.service.name': 'web' }), 'b')];
  const engine: EngineState = { ...initialEngineState('unix:///target.sock'), containers: { items, loaded: true, stale: false, refreshedAt: 1_700_000_000_000 } };
  const ctx = uiContext({ engine });
  const state = withPaneOptions(initialAppState(), 'containers', { all: true });
  const rows = containers.rows(state, ctx);
  const onB = rows.find((row) => row.engine === 'b');
  assert.ok(onB, 'the row of engine b');
  const target = containers.target?.(onB, state, ctx);
  assert.equal(target?.kind, 'container');
  assert.ok(target?.kind === 'container');
  assert.equal(target.name, 'on-b');
  assert.equal(target.service, 'web');
  assert.equal(target.engine, 'b');
});
