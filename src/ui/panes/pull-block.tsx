import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import { memo } from 'react';
import type { PullState } from '../../state/pulls/pull-reducer.ts';
import { pullBlockLines, type BlockLine, type Tone } from '../rows/pull-rows.ts';
import { theme } from '../theme.ts';

interface Props {
  pull: PullState;
  width: number;
  nowMs: number;
  selected: boolean;
  /** Lines the block may take (see pullBlockLines). */
  maxLines?: number;
}

function color(tone: Tone | undefined): string | undefined {
  switch (tone) {
    case 'muted':
      return theme.muted;
    case 'accent':
      return theme.accent;
    case 'success':
      return theme.success;
    case 'error':
      return theme.error;
    case 'warning':
      return theme.warning;
    default:
      return undefined;
  }
}

/** One pull: its title with a spinner while it runs, the overall bar, a row per layer. Rows are cut, never wrapped. */
export const PullBlock = memo(function PullBlock({ pull, width, nowMs, selected, maxLines }: Props) {
  const lines = pullBlockLines(pull, { width, nowMs, selected, maxLines });
  return (
    <Box flexDirection="column" width={width}>
      {lines.map((line) => (
        <Line key={line.key} line={line} />
      ))}
    </Box>
  );
});

function Line({ line }: { line: BlockLine }) {
  return (
    <Text wrap="truncate">
      {line.segments.map((segment, i) =>
        segment.spinner ? (
          <Text key={i} color={color(segment.tone)}>
            <Spinner type="dots" />
          </Text>
        ) : (
          <Text key={i} color={color(segment.tone)} bold={segment.bold} inverse={segment.inverse}>
            {segment.text}
          </Text>
        ),
      )}
      {/* An empty line still takes its row. */}
      {line.segments.length === 0 ? ' ' : null}
    </Text>
  );
}
