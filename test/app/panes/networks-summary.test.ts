/**
 * The Networks tab's summary: the engine's own networks (bridge, host, none) cannot be removed,
 * so they are never counted unused, as `docker network prune` never lists them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NetworkSummary } from '../../../src/engine/resources.ts';
import { networks } from '../../../src/app/panes/networks.ts';
import { initialAppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';
import { container } from '../../support/ui-harness.tsx';

const net = (name: string): NetworkSummary => ({ Id: name.padEnd(64, '0'), Name: name, Driver: 'bridge', Scope: 'local' });

test('host, none and bridge are not unused; a custom network no container uses is', () => {
  const web = container('a'.repeat(12), 'web', { NetworkSettings: { Networks: { app: {} } } } as Parameters<typeof container>[2]);
  const ctx = uiContext({
    engine: { ...initialEngineState('x'), containers: { loaded: true, stale: false, items: [web] } },
    resources: {
      volumes: { items: [], loaded: false, stale: false },
      networks: { items: ['bridge', 'host', 'none', 'app', 'spare'].map(net), loaded: true, stale: false },
    },
  });
  assert.equal(networks.summary?.(initialAppState({ columns: 100, rows: 20 }), ctx), '5 networks, 1 unused');
});
