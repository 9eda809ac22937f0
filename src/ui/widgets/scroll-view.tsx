import type { ReactElement } from 'react';
import { Box, Text } from 'ink';
import { truncate } from '../../app/format/index.ts';
import { theme } from '../../app/theme.ts';
import type { TextSearch } from '../../app/types.ts';
import { occurrences, searchStatus } from '../../app/views/text-search.ts';

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
  /** The view's search (`/`): its prompt or its text, highlighted where it occurs. */
  search?: TextSearch;
}

/** A line with each occurrence of `find` drawn inverse, the current match's line in the accent colour. */
export function Highlighted({ line, find, current }: { line: string; find: string; current: boolean }) {
  const starts = occurrences(line, find);
  if (starts.length === 0) return <>{line === '' ? ' ' : line}</>;
  const parts: ReactElement[] = [];
  let from = 0;
  for (const [i, start] of starts.entries()) {
    parts.push(<Text key={`t${i}`}>{line.slice(from, start)}</Text>);
    parts.push(
      <Text key={`m${i}`} inverse color={current ? theme.accent : undefined}>
        {line.slice(start, start + find.length)}
      </Text>,
    );
    from = start + find.length;
  }
  parts.push(<Text key="end">{line.slice(from)}</Text>);
  return <>{parts}</>;
}

/** A block of text (inspect JSON, help) from line `top`, with where that is in the whole. */
export function ScrollView({ title, lines, top: wanted, width, height, scrollHint, search }: Props) {
  const body = Math.max(height - 1, 1);
  const top = Math.min(Math.max(wanted, 0), Math.max(lines.length - body, 0));
  const shown = lines.slice(top, top + body);
  const status = searchStatus(search, lines);
  const position = `${lines.length > body ? ` ${top + 1}-${Math.min(top + body, lines.length)}/${lines.length}${scrollHint ? ` · ${scrollHint}` : ''}` : ''}${status ? `  ${status}` : ''}`;
  const find = search?.prompt === undefined ? search?.find : undefined;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(title, Math.max(width - position.length, 1))}
        <Text color={theme.muted}>{position}</Text>
      </Text>
      {shown.map((line, i) => (
        <Text key={top + i} wrap="truncate">
          {find ? <Highlighted line={line} find={find} current={search?.at === top + i} /> : line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}
