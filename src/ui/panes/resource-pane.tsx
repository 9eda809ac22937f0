/**
 * The Volumes (`4`) and Networks (`5`) panes: one table each, from the resource lists (loaded
 * while the pane is shown) and the containers list (who uses what).
 */
import { Box, Text } from 'ink';
import { selectedIndex } from '../../state/app/navigation.ts';
import { paneView, type AppState } from '../../state/app/types.ts';
import type { ResourceKind, ResourcesState } from '../../state/resources/resource-lists.ts';
import { sanitizeLine } from '../format/index.ts';
import { useOptionalStore } from '../hooks/use-store.ts';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { Table, type Column } from '../widgets/table.tsx';
import type { EngineState } from '../../state/engine-state.ts';
import { resourceRowsOf } from './registry.ts';

const volumeColumns: readonly Column<string>[] = [
  { key: 'name', title: 'VOLUME NAME', min: 12, max: 64, grow: 2, priority: 0 },
  { key: 'driver', title: 'DRIVER', min: 6, max: 10, priority: 2 },
  { key: 'mountpoint', title: 'MOUNTPOINT', min: 10, grow: 2, priority: 3 },
  { key: 'usedBy', title: 'USED BY', min: 8, grow: 1, priority: 1 },
];

const networkColumns: readonly Column<string>[] = [
  { key: 'name', title: 'NAME', min: 10, max: 40, grow: 2, priority: 0 },
  { key: 'id', title: 'NETWORK ID', min: 12, max: 12, priority: 3 },
  { key: 'driver', title: 'DRIVER', min: 6, max: 10, priority: 2 },
  { key: 'scope', title: 'SCOPE', min: 5, max: 6, priority: 4 },
  { key: 'usedBy', title: 'USED BY', min: 8, grow: 1, priority: 1 },
];

const empty: ResourcesState = { volumes: { items: [], loaded: false, stale: false }, networks: { items: [], loaded: false, stale: false } };

export function ResourcePane({ kind, state, engine, width, height }: { kind: ResourceKind; state: AppState; engine: EngineState; width: number; height: number }) {
  const resources = useOptionalStore(useServices().resources?.store) ?? empty;
  const list = resources[kind];
  const view = paneView(state, kind);
  const rows = resourceRowsOf(kind, state, { engine, resources });
  const note = list.error ? `${list.stale ? '[stale] ' : ''}${sanitizeLine(list.error)}` : undefined;
  if (rows.length === 0) {
    const why = !list.loaded ? (note ?? 'loading…') : view.filter ? `no ${kind} match "${view.filter}"` : `no ${kind}`;
    return (
      <Box height={height}>
        <Text color={list.error ? theme.error : theme.muted}>{why}</Text>
      </Box>
    );
  }
  const tableRows = rows.map((r) => ({ key: r.key, cells: r.cells as Record<string, string> }));
  return (
    <Box flexDirection="column" height={height}>
      <Table columns={kind === 'volumes' ? volumeColumns : networkColumns} rows={tableRows} selectedIndex={selectedIndex(view, rows.map((r) => r.key))} width={width} height={height - 1 - (note ? 1 : 0)} />
      {note ? <Text color={theme.error}>{note}</Text> : null}
    </Box>
  );
}
