/**
 * The Services (`7`) and Nodes (`8`) panes: the swarm as its manager sees it, read while one of
 * them is shown. On an engine that is not a swarm manager they say so, with the engine's words.
 */
import { Box, Text } from 'ink';
import { selectedIndex } from '../../state/app/navigation.ts';
import { paneView, type AppState } from '../../state/app/types.ts';
import type { SwarmState } from '../../state/swarm/swarm-lists.ts';
import { sanitizeLine } from '../format/index.ts';
import { useOptionalStore } from '../hooks/use-store.ts';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { Table, type Column } from '../widgets/table.tsx';
import { swarmRowsOf } from './registry.ts';

const serviceColumns: readonly Column<string>[] = [
  { key: 'name', title: 'NAME', min: 10, max: 32, grow: 1, priority: 0 },
  { key: 'mode', title: 'MODE / NODE', min: 8, max: 30, priority: 3 },
  { key: 'replicas', title: 'REPLICAS', min: 8, max: 12, priority: 0 },
  { key: 'image', title: 'IMAGE / STATE', min: 12, max: 40, grow: 1, priority: 1 },
  { key: 'ports', title: 'PORTS / CONTAINER', min: 8, max: 24, priority: 4 },
  { key: 'update', title: 'UPDATE / ERROR', min: 8, grow: 2, priority: 2 },
  { key: 'updated', title: 'UPDATED', min: 8, max: 16, priority: 5 },
];

const nodeColumns: readonly Column<string>[] = [
  { key: 'id', title: 'ID', min: 12, max: 12, priority: 3 },
  { key: 'hostname', title: 'HOSTNAME', min: 10, max: 40, grow: 1, priority: 0 },
  { key: 'role', title: 'ROLE', min: 7, max: 18, priority: 1 },
  { key: 'availability', title: 'AVAILABILITY', min: 6, max: 12, priority: 0 },
  { key: 'status', title: 'STATUS', min: 5, max: 12, priority: 0 },
  { key: 'engine', title: 'ENGINE', min: 7, max: 24, priority: 2 },
];

const empty: SwarmState = { loaded: false, services: [], tasks: [], nodes: [] };

export function SwarmPane({ kind, state, width, height, nowMs }: { kind: 'services' | 'nodes'; state: AppState; width: number; height: number; nowMs: number }) {
  const swarm = useOptionalStore(useServices().swarm?.store) ?? empty;
  const view = paneView(state, kind);
  const rows = swarmRowsOf(kind, state, { swarm }, nowMs);
  if (swarm.notManager || rows.length === 0) {
    const why = swarm.notManager
      ? `this engine is not a swarm manager (docker swarm init makes one): ${sanitizeLine(swarm.error ?? '')}`
      : !swarm.loaded
        ? 'loading…'
        : swarm.error
          ? sanitizeLine(swarm.error)
          : view.filter
            ? `no ${kind} match "${view.filter}"`
            : `no ${kind}`;
    return (
      <Box height={height}>
        <Text color={swarm.error ? theme.error : theme.muted} wrap="wrap">
          {why}
        </Text>
      </Box>
    );
  }
  const tableRows = rows.map((r) => ({ key: r.key, cells: r.cells as Record<string, string>, ...('trouble' in r && r.trouble && { color: theme.warning }) }));
  return <Table columns={kind === 'services' ? serviceColumns : nodeColumns} rows={tableRows} selectedIndex={selectedIndex(view, rows.map((r) => r.key))} width={width} height={height - 1} />;
}
