import { Box, Text } from 'ink';
import { theme } from '../theme.ts';

export function PullsPane({ width, height }: { width: number; height: number }) {
  return (
    <Box width={width} height={height}>
      <Text color={theme.muted}>no pulls yet (p pulls an image)</Text>
    </Box>
  );
}
