import { Box, Text } from 'ink';
import type { EngineState } from '../../state/engine-state.ts';
import { formatClock, sanitizeLine, truncate } from '../format/index.ts';
import { theme } from '../theme.ts';

interface Props {
  engine: EngineState;
  width: number;
  running: number;
}

/** One line: endpoint, engine and API version, connection state, counts, last refresh. */
export function StatusBar({ engine, width, running }: Props) {
  const { connection, containers, images } = engine;
  const state =
    connection.status === 'connected'
      ? { text: connection.eventsLive ? '● live' : '● polling', color: theme.success }
      : connection.status === 'connecting'
        ? { text: '○ connecting', color: theme.warning }
        : { text: '✕ unreachable', color: theme.error };
  const version = [
    connection.engineVersion ? `${connection.engineKind ?? 'engine'} ${sanitizeLine(connection.engineVersion)}` : undefined,
    connection.apiVersion ? `API ${connection.apiVersion}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  const refreshed = containers.refreshedAt ?? images.refreshedAt;
  const counts = containers.loaded ? `${running}/${containers.items.length} containers · ${images.items.length} images` : '';
  const right = [counts, refreshed ? `updated ${formatClock(new Date(refreshed))}` : ''].filter(Boolean).join(' · ');
  const where = connection.context === undefined ? connection.endpoint : `${connection.context} @ ${connection.endpoint}`;
  const left = `berth · ${sanitizeLine(where)}${version ? ` · ${version}` : ''} · `;
  const room = Math.max(width - left.length - state.text.length - 2, 0);
  return (
    <Box width={width}>
      <Text wrap="truncate">
        <Text bold color={theme.accent}>
          berth
        </Text>
        <Text>{truncate(left.slice('berth'.length), Math.max(width - state.text.length - 1, 0))}</Text>
        <Text color={state.color}>{state.text}</Text>
        <Text color={theme.muted}>{room > 0 && right ? `  ${truncate(right, room)}` : ''}</Text>
      </Text>
    </Box>
  );
}
