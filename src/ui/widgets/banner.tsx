import { Box, Text } from 'ink';
import type { ConnectionState } from '../../state/engine-state.ts';
import { sanitizeLine } from '../format/index.ts';
import { useClock } from '../hooks/use-clock.ts';
import { theme } from '../theme.ts';

/**
 * Shown while the engine is unreachable. It ticks once a second only while it is mounted,
 * which is only while there is a countdown to show.
 */
export function UnreachableBanner({ connection, width }: { connection: ConnectionState; width: number }) {
  useClock(1000); // only to redraw the countdown
  const now = Date.now();
  const seconds = connection.retryAt ? Math.max(Math.ceil((connection.retryAt - now) / 1000), 0) : 0;
  const reason = sanitizeLine(withoutEndpoint(connection.error ?? 'unknown error', connection.endpoint));
  return (
    <Box flexDirection="column" width={width}>
      <Text color={theme.error} bold wrap="truncate">
        {`cannot reach ${sanitizeLine(connection.endpoint)}: ${reason} — retrying in ${seconds}s`}
      </Text>
      <Text color={theme.muted} wrap="truncate">
        {connection.hint ? sanitizeLine(connection.hint) : 'showing the last known data (stale)'}
      </Text>
    </Box>
  );
}

/**
 * The client's messages name the endpoint ("connection refused by unix:///…/docker.sock") for
 * the places that show them alone; the banner names it already, and a long socket path said
 * twice pushes the reason itself off the end of the line.
 */
export function withoutEndpoint(message: string, endpoint: string): string {
  if (endpoint === '') return message;
  return message.split(` at ${endpoint}`).join('').split(` by ${endpoint}`).join('').split(` to ${endpoint}`).join('').split(` on ${endpoint}`).join('').split(endpoint).join('the engine');
}

/** The engine answered but refused something in the background (a list failed): say so, once. */
export function EngineErrorLine({ message, width }: { message: string; width: number }) {
  return (
    <Box width={width}>
      <Text color={theme.warning} wrap="truncate">{`engine: ${sanitizeLine(message)}`}</Text>
    </Box>
  );
}
