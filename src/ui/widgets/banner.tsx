import { Box, Text } from 'ink';
import type { ConnectionState } from '../../state/engine-state.ts';
import { engineErrorLines, unreachableLines } from '../../app/banner-lines.ts';
import { useClock } from '../hooks/use-clock.ts';
import { theme } from '../../app/theme.ts';

/**
 * Shown while the engine is unreachable. It ticks once a second only while it is mounted,
 * which is only while there is a countdown to show.
 */
export function UnreachableBanner({ connection, width }: { connection: ConnectionState; width: number }) {
  useClock(1000); // only to redraw the countdown
  const { reason, detail } = unreachableLines(connection, width, Date.now());
  return (
    <Box flexDirection="column" width={width}>
      {reason.map((line, i) => (
        <Text key={`r${i}`} color={theme.error} bold wrap="truncate">
          {line}
        </Text>
      ))}
      {detail.map((line, i) => (
        <Text key={`d${i}`} color={theme.muted} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}

/**
 * The engine answered but refused something (a list failed, or every request: a pinned API
 * version it does not speak): its words in full, wrapped rather than cut at the edge.
 */
export function EngineErrorLine({ message, width }: { message: string; width: number }) {
  return (
    <Box flexDirection="column" width={width}>
      {engineErrorLines(message, width).map((line, i) => (
        <Text key={i} color={theme.warning} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
