import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { useOptionalStore } from '../hooks/use-store.ts';
import type { StatsState } from '../../state/stats/stats-tracker.ts';
import { formatRelative } from '../format/index.ts';
import { statsCells, type StatsColumn } from '../rows/stats-cells.ts';
import { useServices } from '../services.tsx';
import { statusText, type ContainerColumn, type ContainerRow } from '../rows/container-rows.ts';
import { keyLabel } from '../keys/keymap.ts';
import { isDescending } from '../rows/sort.ts';
import { theme } from '../theme.ts';
import { Table, type Column, type TableRow } from '../widgets/table.tsx';
import type { StatsFigures } from '../../state/stats/figures.ts';

type Key = ContainerColumn | StatsColumn;

const columns: readonly Column<Key>[] = [
  { key: 'id', title: 'CONTAINER ID', min: 12, max: 12, priority: 1 },
  { key: 'name', title: 'NAME', min: 10, max: 40, grow: 3, priority: 0 },
  { key: 'image', title: 'IMAGE', min: 10, max: 40, grow: 2, priority: 4 },
  { key: 'state', title: 'STATE', min: 7, max: 10, priority: 2 },
  { key: 'status', title: 'STATUS', min: 24, max: 40, grow: 1, priority: 3 },
  { key: 'created', title: 'CREATED', min: 14, max: 22, priority: 6 },
  { key: 'ports', title: 'PORTS', min: 10, max: 40, grow: 1, priority: 5 },
];

/** `docker stats`'s columns, after the state: dropped before the rest when the terminal is narrow. */
const statsColumns: readonly Column<Key>[] = [
  ...columns.slice(0, 4),
  { key: 'cpu', title: 'CPU %', min: 7, max: 7, priority: 2, align: 'right' },
  { key: 'mem', title: 'MEM USAGE / LIMIT', min: 19, max: 21, priority: 3, align: 'right' },
  { key: 'memPercent', title: 'MEM %', min: 6, max: 6, priority: 4, align: 'right' },
  { key: 'net', title: 'NET RX / TX', min: 17, max: 23, priority: 7, align: 'right' },
  { key: 'block', title: 'BLOCK R / W', min: 17, max: 23, priority: 8, align: 'right' },
  { key: 'pids', title: 'PIDS', min: 4, max: 5, priority: 9, align: 'right' },
  ...columns.slice(4).map((c) => ({ ...c, priority: c.priority + 10 })),
];

const noStats: StatsState = { byId: new Map(), version: 0 };

interface Drawn {
  nowMs: number;
  answeredAtMs: number;
  showStats: boolean;
  figures: StatsFigures | undefined;
  row: TableRow<Key>;
}

/**
 * Each container row as the table draws it, kept while its row object, the clock and its figures
 * stand: typing a filter over 10,000 containers formats no STATUS or CREATED again (the rows are
 * the same objects, rows/container-rows.ts), and neither does the table measure them again. A new
 * clock or answer time (every poll, every minute) keeps the row too where its STATUS and CREATED
 * read the same: a new row for each of 1,000 containers at every poll lived until the next one,
 * long enough for V8 to move it to its old generation (bench B5).
 */
const drawn = new WeakMap<ContainerRow, Drawn>();

function tableRowOf(r: ContainerRow, nowMs: number, answeredAtMs: number, figures: StatsFigures | undefined, showStats: boolean): TableRow<Key> {
  const kept = drawn.get(r);
  const keepable = kept !== undefined && kept.showStats === showStats && kept.figures === figures;
  if (keepable && kept.nowMs === nowMs && kept.answeredAtMs === answeredAtMs) return kept.row;
  const status = r.group ? '' : statusText(r.status, answeredAtMs, nowMs);
  const created = r.group ? '' : formatRelative(r.created, nowMs);
  if (keepable && (r.group || (kept.row.cells.status === status && kept.row.cells.created === created))) {
    kept.nowMs = nowMs;
    kept.answeredAtMs = answeredAtMs;
    return kept.row;
  }
  const row: TableRow<Key> = {
    key: r.id,
    cells: {
      ...r.cells,
      ...(r.group
        ? { created: '', ...(showStats ? { cpu: '', mem: '', memPercent: '', net: '', block: '', pids: '' } : {}) }
        : { status, created, ...(showStats ? statsCells(figures, r.state) : {}) }),
    } as Record<Key, string>,
    // A project's header row stands out from its containers.
    color: r.group ? theme.accent : theme.stateColor(r.state),
  };
  drawn.set(r, { nowMs, answeredAtMs, showStats, figures, row });
  return row;
}

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
  /** The resource columns are on (`M`). */
  showStats?: boolean;
}

/** The live figures, when the app measures them. */
function useStats(on: boolean): StatsState {
  const tracker = useServices().stats;
  return useOptionalStore(on ? tracker?.store : undefined) ?? noStats;
}

export function ContainersPane({ rows, selectedIndex, loaded, stale, showAll, filter, sort, width, height, nowMs, answeredAtMs, showStats = false }: Props) {
  const stats = useStats(showStats);
  const tableRows = useMemo(
    () => rows.map((r) => tableRowOf(r, nowMs, answeredAtMs, showStats ? stats.byId.get(r.id) : undefined, showStats)),
    [rows, nowMs, answeredAtMs, showStats, stats],
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
      columns={showStats ? statsColumns : columns}
      rows={tableRows}
      selectedIndex={selectedIndex}
      width={width}
      height={height - 1}
      dim={stale}
      sortedBy={{ key: sort, descending: isDescending(sort) }}
    />
  );
}
