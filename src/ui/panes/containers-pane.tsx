import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { formatRelative } from '../format/index.ts';
import { statusText, type ContainerColumn, type ContainerRow } from '../rows/container-rows.ts';
import { keyLabel } from '../keys/keymap.ts';
import { isDescending } from '../rows/sort.ts';
import { theme } from '../theme.ts';
import { Table, type Column } from '../widgets/table.tsx';

const columns: readonly Column<ContainerColumn>[] = [
  { key: 'id', title: 'CONTAINER ID', min: 12, max: 12, priority: 1 },
  { key: 'name', title: 'NAME', min: 10, max: 40, grow: 3, priority: 0 },
  { key: 'image', title: 'IMAGE', min: 10, max: 40, grow: 2, priority: 4 },
  { key: 'state', title: 'STATE', min: 7, max: 10, priority: 2 },
  { key: 'status', title: 'STATUS', min: 24, max: 40, grow: 1, priority: 3 },
  { key: 'created', title: 'CREATED', min: 14, max: 22, priority: 6 },
  { key: 'ports', title: 'PORTS', min: 10, max: 40, grow: 1, priority: 5 },
];

interface Props {
  rows: readonly ContainerRow[];
  selectedIndex: number;
  loaded: boolean;
  stale: boolean;
  showAll: boolean;
  filter: string;
  /** rows/sort.ts's order; its names are the column keys. */
  sort: string;
  width: number;
  height: number;
  /** The clock CREATED and STATUS are read against. */
  nowMs: number;
  /** When the engine sent the list: the moment its Status texts' ages are true (see statusText). */
  answeredAtMs: number;
}

export function ContainersPane({ rows, selectedIndex, loaded, stale, showAll, filter, sort, width, height, nowMs, answeredAtMs }: Props) {
  const tableRows = useMemo(
    () =>
      rows.map((r) => ({
        key: r.id,
        cells: { ...r.cells, status: statusText(r.status, answeredAtMs, nowMs), created: formatRelative(r.created, nowMs) },
        color: theme.stateColor(r.state),
      })),
    [rows, nowMs, answeredAtMs],
  );
  if (!loaded) return <Text color={theme.muted}>loading containers…</Text>;
  if (rows.length === 0) {
    const why = filter ? `no containers match "${filter}"` : showAll ? 'no containers' : `no running containers (${keyLabel('toggle-all')} shows all)`;
    return (
      <Box height={height}>
        <Text color={theme.muted}>{why}</Text>
      </Box>
    );
  }
  return (
    <Table
      columns={columns}
      rows={tableRows}
      selectedIndex={selectedIndex}
      width={width}
      height={height - 1}
      dim={stale}
      sortedBy={{ key: sort, descending: isDescending(sort) }}
    />
  );
}
