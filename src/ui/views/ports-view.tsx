import { Box, Text } from 'ink';
import type { PortsOverlay } from '../../app/types.ts';
import { sanitizeLine } from '../../app/format/index.ts';
import { theme } from '../../app/theme.ts';
import type { PortRow } from '../../state/forwards/port-list.ts';
import { useKeymap } from '../runtime-context.tsx';

/** Where the port is reachable, as the engine says it (engine text: sanitised). */
function whereText(row: PortRow): string {
  if (row.published.length === 0) return 'exposed, not published (f forwards it here)';
  const at = row.published.map((b) => `${sanitizeLine(b.hostIp) || '0.0.0.0'}:${b.hostPort}`).join(', ');
  return row.hostNetwork ? `on the host’s network: ${at}` : `published on ${at}`;
}

/**
 * An OSC 8 hyperlink: terminals that know it make the text clickable, the rest show the text.
 * The URL is sanitised first, so no control character reaches the terminal inside the sequence.
 */
function hyperlink(url: string): string {
  const safe = sanitizeLine(url);
  return `\u001b]8;;${safe}\u0007${safe}\u001b]8;;\u0007`;
}

/** A container's ports: one row each, the selected one marked; the link a browser could not open below them. */
export function PortsView({ overlay, width, height }: { overlay: PortsOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const rows = overlay.ports;
  const body = Math.max(height - 3, 1);
  const first = Math.max(0, Math.min(overlay.selected - body + 1, (rows?.length ?? 0) - body));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {`ports of ${sanitizeLine(overlay.name)} (${keymap.label('open-port')} opens, ${keymap.label('forward-port')} forwards here, ${keymap.label('tunnel-port')} through ssh, ${keymap.label('forward-any-port')} a port typed, ${keymap.label('close')} closes)`}
      </Text>
      {overlay.error !== undefined ? (
        <Text color={theme.error} wrap="truncate">
          {`error: ${sanitizeLine(overlay.error)}`}
        </Text>
      ) : rows === undefined ? (
        <Text color={theme.muted}>reading its ports…</Text>
      ) : rows.length === 0 ? (
        <Text color={theme.muted}>{`it declares no ports: ${keymap.label('forward-any-port')} forwards one it listens on, typed`}</Text>
      ) : null}
      {(rows ?? []).slice(first, first + body).map((row, i) => {
        const selected = first + i === overlay.selected;
        return (
          <Text key={`${row.port}/${row.proto}`} wrap="truncate">
            <Text {...(selected && theme.selection)}>{`${selected ? '›' : ' '} ${`${row.port}/${row.proto}`.padEnd(11)}`}</Text>
            <Text color={row.published.length > 0 ? undefined : theme.muted}>{`  ${whereText(row)}`}</Text>
          </Text>
        );
      })}
      {overlay.link !== undefined ? (
        <Text wrap="truncate">
          <Text color={theme.muted}>{'link (copied): '}</Text>
          <Text color={theme.accent}>{hyperlink(overlay.link)}</Text>
        </Text>
      ) : null}
    </Box>
  );
}
