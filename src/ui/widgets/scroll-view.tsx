import { Box, Text } from 'ink';
import { truncate } from '../../app/format/index.ts';
import { theme } from '../../app/theme.ts';

interface Props {
  title: string;
  /** Already sanitised lines. */
  lines: readonly string[];
  /** The first line shown (the view's state in the app store). */
  top: number;
  width: number;
  height: number;
  /** Which keys scroll, said after the position when not every line fits. */
  scrollHint?: string;
}

/** A block of text (inspect JSON, help) from line `top`, with where that is in the whole. */
export function ScrollView({ title, lines, top: wanted, width, height, scrollHint }: Props) {
  const body = Math.max(height - 1, 1);
  const top = Math.min(Math.max(wanted, 0), Math.max(lines.length - body, 0));
  const shown = lines.slice(top, top + body);
  const position = lines.length > body ? ` ${top + 1}-${Math.min(top + body, lines.length)}/${lines.length}${scrollHint ? ` · ${scrollHint}` : ''}` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(title, Math.max(width - position.length, 1))}
        <Text color={theme.muted}>{position}</Text>
      </Text>
      {shown.map((line, i) => (
        <Text key={top + i} wrap="truncate">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}
