import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { formatRelative } from '../format/index.ts';
import type { ImageColumn, ImageRow } from '../rows/image-rows.ts';
import { isDescending } from '../rows/sort.ts';
import { theme } from '../theme.ts';
import { Table, type Column } from '../widgets/table.tsx';

const columns: readonly Column<ImageColumn>[] = [
  { key: 'id', title: 'IMAGE ID', min: 12, max: 12, priority: 1 },
  { key: 'tag', title: 'REPOSITORY:TAG', min: 16, max: 70, grow: 3, priority: 0 },
  { key: 'size', title: 'SIZE', min: 8, max: 9, priority: 2, align: 'right' },
  { key: 'created', title: 'CREATED', min: 14, max: 22, priority: 3 },
  { key: 'parent', title: 'PARENT', min: 12, max: 12, priority: 4 },
];

interface Props {
  rows: readonly ImageRow[];
  selectedIndex: number;
  loaded: boolean;
  stale: boolean;
  filter: string;
  /** rows/sort.ts's order; its names are the column keys. */
  sort: string;
  width: number;
  height: number;
  /** The clock CREATED is read against. */
  nowMs: number;
}

export function ImagesPane({ rows, selectedIndex, loaded, stale, filter, sort, width, height, nowMs }: Props) {
  const tableRows = useMemo(() => rows.map((r) => ({ key: r.key, cells: { ...r.cells, created: formatRelative(r.created, nowMs) } })), [rows, nowMs]);
  if (!loaded) return <Text color={theme.muted}>loading images…</Text>;
  if (rows.length === 0) {
    return (
      <Box height={height}>
        <Text color={theme.muted}>{filter ? `no images match "${filter}"` : 'no images (p pulls one)'}</Text>
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
