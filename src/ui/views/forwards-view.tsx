import { Box, Text } from 'ink';
import type { ForwardsOverlay } from '../../app/types.ts';
import { formatBytes, sanitizeLine } from '../../app/format/index.ts';
import { theme } from '../../app/theme.ts';
import type { ForwardRow } from '../../state/forwards/forwards.ts';
import { useKeymap } from '../runtime-context.tsx';

const WAY = { engine: 'here → engine API → helper', ssh: 'here → ssh master → host' } as const;

/** Its connections and bytes; a forward through ssh is counted by ssh, which does not say. */
function figuresText(row: ForwardRow): string {
  if (row.state === 'starting') return 'starting…';
  if (row.state === 'failed') return `ended: ${sanitizeLine(row.error ?? '')}`;
  const f = row.figures;
  if (!f) return 'open (ssh carries it; it keeps no counts)';
  const error = f.error !== undefined ? `  last: ${sanitizeLine(f.error)}` : '';
  return `${f.open} open, ${f.total} in all  ↑${formatBytes(f.sent)} ↓${formatBytes(f.received)}${error}`;
}

/** The forwards: one row each, with which way it goes; the selected one marked. */
export function ForwardsView({ overlay, width, height }: { overlay: ForwardsOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const rows = overlay.rows;
  const body = Math.max(height - 2, 1);
  const first = Math.max(0, Math.min(overlay.selected - body + 1, (rows?.length ?? 0) - body));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {`Forwards (${keymap.label('cancel-forward')} ends one, ${keymap.label('close')} closes; quitting ends them all)`}
      </Text>
      {rows === undefined ? <Text color={theme.muted}>…</Text> : null}
      {rows?.length === 0 ? <Text color={theme.muted}>no forwards: b on a container lists its ports, f forwards one here</Text> : null}
      {(rows ?? []).slice(first, first + body).map((row, i) => {
        const selected = first + i === overlay.selected;
        return (
          <Text key={row.id} wrap="truncate">
            <Text {...(selected && theme.selection)}>{`${selected ? '›' : ' '} ${row.local.padEnd(16)} → ${sanitizeLine(row.target)}`}</Text>
            <Text color={theme.muted}>{`  ${WAY[row.way]} (${sanitizeLine(row.engine)})  `}</Text>
            <Text color={row.state === 'failed' ? theme.error : undefined}>{figuresText(row)}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
