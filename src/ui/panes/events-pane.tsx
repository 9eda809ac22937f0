import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { useOptionalStore } from '../hooks/use-store.ts';
import { selectedIndex } from '../../state/app/navigation.ts';
import { paneView, type AppState } from '../../state/app/types.ts';
import type { EventLogState } from '../../state/events/event-log.ts';
import { selectEventKeys, selectEventRows } from '../rows/select.ts';
import { useServices } from '../services.tsx';
import type { EventColumn, EventRow } from '../rows/event-rows.ts';
import { theme } from '../theme.ts';
import { Table, type Column } from '../widgets/table.tsx';

const columns: readonly Column<EventColumn>[] = [
  { key: 'time', title: 'TIME', min: 8, max: 8, priority: 1 },
  { key: 'type', title: 'TYPE', min: 7, max: 10, priority: 2 },
  { key: 'action', title: 'ACTION', min: 8, max: 24, priority: 0 },
  { key: 'actor', title: 'ACTOR', min: 10, max: 40, grow: 2, priority: 0 },
  { key: 'details', title: 'DETAILS', min: 10, grow: 3, priority: 3 },
];

const typeColor: Record<string, string | undefined> = { container: theme.accent, image: theme.success, network: theme.muted, volume: theme.muted };

interface Props {
  rows: readonly EventRow[];
  selectedIndex: number;
  filter: string;
  width: number;
  height: number;
  /** Whether berth hears the engine's event stream now (else it is polling). */
  live: boolean;
}

/** The engine's events, newest first: what happened while you looked away. */
export function EventsPane({ rows, selectedIndex, filter, width, height, live }: Props) {
  const tableRows = useMemo(() => rows.map((r) => ({ key: r.key, cells: r.cells, color: typeColor[r.type] })), [rows]);
  if (rows.length === 0) {
    const why = filter ? `no events match "${filter}"` : live ? 'no events since berth started (they appear as the engine reports them)' : 'no events: the engine’s event stream is not connected';
    return (
      <Box height={height}>
        <Text color={theme.muted}>{why}</Text>
      </Box>
    );
  }
  return <Table columns={columns} rows={tableRows} selectedIndex={selectedIndex} width={width} height={height - 1} />;
}

const noEvents: EventLogState = { events: [] };

/** The pane as the app draws it: the log from the services, rows and selection from the store. */
export function EventsPaneLive({ state, width, height, live }: { state: AppState; width: number; height: number; live: boolean }) {
  const log = useServices().events;
  const { events } = useOptionalStore(log?.store) ?? noEvents;
  const view = paneView(state, 'events');
  const rows = selectEventRows(events, view.filter);
  return <EventsPane rows={rows} selectedIndex={selectedIndex(view, selectEventKeys(rows))} filter={view.filter} width={width} height={height} live={live} />;
}
