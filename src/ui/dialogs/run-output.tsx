/**
 * What the run dialog shows once a run is under way: the progress of pulling a missing image,
 * then the container's output (stderr red and marked `!`) and its exit status.
 */
import { Box, Text } from 'ink';
import type { RunPhase } from '../../state/dialogs/run.ts';
import type { LogBuffer } from '../../state/logs/log-buffer.ts';
import { pullTotals, type PullState } from '../../state/pulls/pull-reducer.ts';
import { formatBytesPair, formatRate, renderBar, sanitizeLine, shortId, truncate } from '../format/index.ts';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, FRAME_CHROME } from './dialog-frame.tsx';
import { plural } from '../format/plural.ts';

export function PullProgress({ pull, reference, width }: { pull: PullState | undefined; reference: string; width: number }) {
  if (!pull) return <Busy text={`pulling ${sanitizeLine(reference)}…`} />;
  const totals = pullTotals(pull);
  const fraction = totals.bytesKnown > 0 ? totals.bytesDone / totals.bytesKnown : undefined;
  const figures = [
    totals.layersTotal > 0 ? `${totals.layersDone}/${plural(totals.layersTotal, 'layer')}` : undefined,
    totals.bytesKnown > 0 ? formatBytesPair(totals.bytesDone, totals.bytesKnown) : undefined,
    totals.rate !== undefined ? formatRate(totals.rate) : undefined,
  ].filter((part): part is string => part !== undefined);
  const last = pull.footer[pull.footer.length - 1] ?? pull.header[pull.header.length - 1];
  return (
    <Box flexDirection="column">
      <Busy text={truncate(`pulling ${sanitizeLine(pull.reference)}${figures.length > 0 ? ` · ${figures.join(' · ')}` : ''}`, Math.max(width - 2, 1))} />
      <Text color={theme.accent}>{renderBar(fraction, Math.max(Math.min(width, 40), 4))}</Text>
      {last ? (
        <Text color={theme.muted} wrap="truncate">
          {truncate(sanitizeLine(last), width)}
        </Text>
      ) : null}
    </Box>
  );
}

interface OutputViewProps {
  phase: Extract<RunPhase, { kind: 'running' | 'exited' | 'lost' }>;
  /** The run's output (undefined: none kept, e.g. after the dialog let go of it). */
  buffer: LogBuffer | undefined;
  /** Lines the buffer held when last reported: what is drawn, so a frame matches the state. */
  lines: number;
  warnings: readonly string[];
  rows: number;
  scrollBack: number;
  width: number;
}

export function OutputView({ phase, buffer, lines: held, warnings, rows, scrollBack, width }: OutputViewProps) {
  const inner = Math.max(width - FRAME_CHROME, 1);
  const end = Math.min(held, buffer?.length ?? 0) - scrollBack;
  const lines = buffer ? buffer.slice(Math.max(end - rows, 0), Math.max(end, 0)) : [];
  const command = phase.spec.cmd ? ` ${phase.spec.cmd.join(' ')}` : '';
  const who = `${phase.spec.name ? `${phase.spec.name} ` : ''}(${shortId(phase.id)})`;
  const status =
    phase.kind === 'running' ? (
      <Busy text={truncate(`running ${who}`, inner - 2)} />
    ) : phase.kind === 'lost' ? (
      <Text color={theme.error} wrap="wrap">
        {`lost track of ${who}: ${sanitizeLine(phase.message)} — it may still be running`}
      </Text>
    ) : (
      <Text color={phase.exitCode === 0 ? theme.success : theme.error} bold>
        {`exited with code ${phase.exitCode}`}
      </Text>
    );
  return (
    <DialogFrame
      title={`run ${sanitizeLine(phase.spec.image)}${sanitizeLine(command)}`}
      width={width}
      hint={`${phase.kind === 'running' ? 'Esc leaves it running' : 'Enter/Esc close'} · ↑/↓ PgUp/PgDn scroll${scrollBack > 0 ? ` · ${plural(scrollBack, 'line')} below (End)` : ''}`}
    >
      {warnings.slice(0, 3).map((warning, i) => (
        <Text key={i} color={theme.warning} wrap="truncate">
          {truncate(`⚠ ${sanitizeLine(warning)}`, inner)}
        </Text>
      ))}
      {status}
      <Box flexDirection="column" height={rows}>
        {lines.length === 0 ? (
          <Text color={theme.muted}>{phase.kind === 'running' ? '(no output yet)' : '(no output)'}</Text>
        ) : (
          lines.map((line, i) =>
            line.stream === 'stderr' ? (
              <Text key={i} color={theme.stderr} wrap="truncate">
                {truncate(`! ${sanitizeLine(line.text)}`, inner)}
              </Text>
            ) : (
              <Text key={i} wrap="truncate">
                {truncate(sanitizeLine(line.text), inner) || ' '}
              </Text>
            ),
          )
        )}
      </Box>
      {phase.kind === 'exited' && phase.outputError ? (
        <Text color={theme.error} wrap="truncate">
          {truncate(`output unavailable: ${sanitizeLine(phase.outputError)}`, inner)}
        </Text>
      ) : null}
    </DialogFrame>
  );
}
