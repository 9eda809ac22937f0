/**
 * A clock's tick formats only the Containers rows whose STATUS or CREATED it changed
 * (panes/containers.ts keeps each row's drawing until the first moment its ages read
 * differently). The property: whatever the ages and however the clock moves forward, each row's
 * cells read exactly as formatted afresh at that moment.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { containers } from '../../../src/app/panes/containers.ts';
import { withPaneOptions } from '../../../src/app/panes/pane.ts';
import { statusText } from '../../../src/app/rows/container-rows.ts';
import { formatRelative } from '../../../src/app/format/index.ts';
import { initialAppState } from '../../../src/app/types.ts';
import { initialEngineState, type EngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';

const ANSWERED_AT = 1_700_000_000_000;
const STATUSES = ['Up 3 seconds', 'Up 59 seconds', 'Up About a minute', 'Up 44 minutes', 'Up About an hour', 'Up 2 days (healthy)', 'Exited (0) 5 minutes ago', 'Exited (137) Less than a second ago', 'Created', 'Restarting (1) 2 seconds ago', 'Paused'];

const container = (i: number, status: string, createdAgoS: number): ContainerSummary => ({
  Id: `c${String(i).padStart(3, '0')}`.padEnd(64, 'f'),
  Names: [`/box-${i}`],
  Image: 'busybox',
  State: status.startsWith('Up') ? 'running' : status.startsWith('Exited') ? 'exited' : 'created',
  Status: status,
  Created: Math.floor(ANSWERED_AT / 1000) - createdAgoS,
});

test('a row’s STATUS and CREATED read as formatted afresh at every moment the clock moves to', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ status: fc.constantFrom(...STATUSES), createdAgoS: fc.integer({ min: 0, max: 90 * 86_400 }) }), { minLength: 1, maxLength: 12 }),
      // Whole seconds and minutes too: the ages turn exactly there, and a step may land on the turn.
      fc.array(fc.oneof(fc.integer({ min: 1, max: 1_500 }), fc.integer({ min: 1, max: 120 }).map((s) => s * 1000), fc.integer({ min: 1, max: 120_000 }), fc.integer({ min: 1, max: 90 }).map((m) => m * 60_000), fc.integer({ min: 1, max: 7_200_000 })), { minLength: 1, maxLength: 30 }),
      (specs, steps) => {
        const items = specs.map((s, i) => container(i, s.status, s.createdAgoS));
        const engine: EngineState = { ...initialEngineState('unix:///ticks.sock'), containers: { items, loaded: true, stale: false, refreshedAt: ANSWERED_AT } };
        const ctx = uiContext({ engine });
        const state = withPaneOptions(initialAppState(), 'containers', { all: true });
        const rows = containers.rows(state, ctx);
        assert.equal(rows.length, items.length);
        if (containers.view.kind !== 'table') throw new Error('the Containers pane is a table');
        const view = containers.view;
        let now = ANSWERED_AT;
        for (const step of [0, ...steps]) {
          now += step;
          for (const row of rows) {
            const cells = view.cells(row, state, ctx, now).cells;
            const c = items.find((item) => item.Id === row.id);
            assert.ok(c, row.id);
            assert.equal(cells.status, statusText(c.Status, ANSWERED_AT, now), `STATUS of ${c.Status} at +${now - ANSWERED_AT} ms`);
            assert.equal(cells.created, formatRelative(c.Created, now), `CREATED ${c.Created} at +${now - ANSWERED_AT} ms`);
          }
        }
      },
    ),
    { numRuns: 200 },
  );
});
