/**
 * One container's resources (`m`): graphs of CPU, memory, network and block I/O over the last
 * minutes (braille area charts, one column per 2 s; gaps where it was not measured), the current
 * figures in a short bordered table, and its processes (`docker top`), all refreshed live.
 */
import { Box, Text } from 'ink';
import { memo } from 'react';
import type { StatsOverlay } from '../../app/types.ts';
import type { StatsFigures } from '../../state/stats/figures.ts';
import { brailleChart, onTimeGrid } from '../../app/format/braille-chart.ts';
import { displayWidth, formatBytes, padEnd, sanitizeLine, truncate } from '../../app/format/index.ts';
import { formatMemory, ioTotals, statsCells } from '../../app/rows/stats-cells.ts';
import { figuresTable, type TableLine, type TableLook } from '../../app/views/stats-table.ts';
import { useDerived, useKeymap, useRuntime } from '../runtime-context.tsx';
import { theme } from '../../app/theme.ts';

/** One chart column per this much time: 2 s, the pace the figures are redrawn at. */
const STEP_MS = 2000;
const CHART_ROWS = 3;

interface Series {
  title: string;
  now: string;
  pick: (f: StatsFigures) => number | undefined;
  /** The top of the scale: a fixed one (a limit) or, undefined, the largest value shown. */
  max?: number;
}

function rateText(value: number | undefined): string {
  return value === undefined ? '…' : `${formatBytes(value)}/s`;
}

function seriesOf(latest: StatsFigures | undefined): Series[] {
  const sum = (a: number | undefined, b: number | undefined) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));
  return [
    { title: 'CPU', now: latest?.cpuPercent === undefined ? '…' : `${latest.cpuPercent.toFixed(1)}%`, pick: (f) => f.cpuPercent },
    {
      title: 'MEM',
      now: latest?.memUsed === undefined ? '…' : `${formatMemory(latest.memUsed)} of ${formatMemory(latest.memLimit)}`,
      pick: (f) => f.memUsed,
      max: latest?.memLimit,
    },
    { title: 'NET', now: `rx ${rateText(latest?.netRxRate)} tx ${rateText(latest?.netTxRate)}`, pick: (f) => sum(f.netRxRate, f.netTxRate) },
    { title: 'BLOCK', now: `read ${rateText(latest?.blockReadRate)} write ${rateText(latest?.blockWriteRate)}`, pick: (f) => sum(f.blockReadRate, f.blockWriteRate) },
  ];
}

function Chart({ series, history, width, nowMs }: { series: Series; history: readonly StatsFigures[]; width: number; nowMs: number }) {
  const plot = Math.max(width - 2, 4);
  const values = onTimeGrid(history, series.pick, plot * 2, STEP_MS / 2, nowMs);
  const peak = Math.max(0, ...values.map((v) => v ?? 0));
  // CPU up to at least 100 % (one CPU), so that an idle container does not look busy.
  const max = series.max ?? (series.title === 'CPU' ? Math.max(peak, 100) : peak);
  return <ChartText title={series.title} now={series.now} lines={brailleChart(values, plot, CHART_ROWS, max).join('\n')} />;
}

/**
 * A chart as drawn: its texts only, so that React leaves one whose cells did not change alone (an
 * idle container's CPU and block I/O draw the same from sample to sample).
 */
const ChartText = memo(function ChartText({ title, now, lines }: { title: string; now: string; lines: string }) {
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Text bold>{title}</Text>
        <Text color={theme.muted}>{` ${now}`}</Text>
      </Text>
      {lines.split('\n').map((line, i) => (
        <Text key={i} color={theme.accent}>
          {line}
        </Text>
      ))}
    </Box>
  );
});

function runStyle(look: TableLook): { bold?: boolean; color?: string } {
  if (look === 'frame') return { bold: true };
  // ink-table's titles: bold blue, whatever the palette (NO_COLOR aside).
  if (look === 'title') return { bold: true, ...(!theme.noColor && { color: 'blue' }) };
  return {};
}

/** The figures' boxed table: a line of text each, in runs of one look (app/views/stats-table.ts). */
function FiguresLines({ lines }: { lines: readonly TableLine[] }) {
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line.map((run, j) => (
            <Text key={j} {...runStyle(run.look)}>
              {run.text}
            </Text>
          ))}
        </Text>
      ))}
    </Box>
  );
}

export function StatsView({ overlay, width, height }: { overlay: StatsOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const { sources } = useRuntime();
  const state = useDerived((_s, ctx) => ctx.stats, [], Object.is);
  const history = sources.current.stats.history(overlay.containerId);
  const latest = state.byId.get(overlay.containerId) ?? history.at(-1);
  const nowMs = latest?.at ?? Date.now();
  const chartWidth = Math.max(Math.floor((width - 2) / 2), 10);
  const [cpu, mem, net, block] = seriesOf(latest);
  const cells = statsCells(latest, 'running');
  // docker stats's own columns: I/O as totals since the start (the charts above show the rates).
  const totals = ioTotals(latest);
  const figures = figuresTable([
    { title: 'CPU', cell: cells.cpu },
    { title: 'MEM USAGE / LIMIT', cell: cells.mem },
    { title: 'MEM %', cell: cells.memPercent },
    { title: 'NET I/O', cell: totals.net },
    { title: 'BLOCK I/O', cell: totals.block },
    { title: 'PIDS', cell: cells.pids },
  ]);
  const chartsHeight = 2 * (CHART_ROWS + 1);
  const processRows = Math.max(height - 1 - chartsHeight - 5 - 2, 0);
  const top = overlay.top;
  // ps's columns lined up: each as wide as its widest cell (the last, the command, left free).
  const table = [top?.titles ?? [], ...(top?.processes ?? []).slice(0, processRows)].map((row) => row.map((cell) => sanitizeLine(cell)));
  const widths = (top?.titles ?? []).map((_, c) => Math.min(Math.max(...table.map((row) => displayWidth(row[c] ?? ''))), 24));
  const lineOf = (row: readonly string[]) => row.map((cell, c) => (c < row.length - 1 ? padEnd(cell, widths[c] ?? 0) : cell)).join(' ');
  const titles = table[0]?.length ? lineOf(table[0]) : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(`stats ${sanitizeLine(overlay.name)} (${keymap.label('close')} closes)`, width)}
      </Text>
      <Box>
        <Box flexDirection="column" width={chartWidth + 2}>
          {cpu ? <Chart series={cpu} history={history} width={chartWidth} nowMs={nowMs} /> : null}
          {net ? <Chart series={net} history={history} width={chartWidth} nowMs={nowMs} /> : null}
        </Box>
        <Box flexDirection="column" width={chartWidth + 2}>
          {mem ? <Chart series={mem} history={history} width={chartWidth} nowMs={nowMs} /> : null}
          {block ? <Chart series={block} history={history} width={chartWidth} nowMs={nowMs} /> : null}
        </Box>
      </Box>
      <FiguresLines lines={figures} />
      <Text bold color={theme.muted} wrap="truncate">
        {overlay.topError ? '' : titles || 'processes: asking…'}
      </Text>
      {overlay.topError ? (
        <Text color={theme.error} wrap="truncate">
          {sanitizeLine(overlay.topError)}
        </Text>
      ) : null}
      {table.slice(1).map((row, i) => (
        <Text key={i} wrap="truncate">
          {lineOf(row)}
        </Text>
      ))}
    </Box>
  );
}
