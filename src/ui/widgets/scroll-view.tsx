import { Box, Text } from 'ink';
import { useState } from 'react';
import { truncate } from '../format/index.ts';
import { KeyPriority, useKeyHandler } from '../keys/key-router.tsx';
import { resolveAction } from '../keys/keymap.ts';
import { theme } from '../theme.ts';

interface Props {
  title: string;
  /** Already sanitised lines. */
  lines: readonly string[];
  width: number;
  height: number;
  context: 'inspect' | 'help';
  onClose: () => void;
}

/** A scrollable block of text (inspect JSON, help): the keys of the view context, Esc closes. */
export function ScrollView({ title, lines, width, height, context, onClose }: Props) {
  const [top, setTop] = useState(0);
  const body = Math.max(height - 1, 1);
  const maxTop = Math.max(lines.length - body, 0);
  useKeyHandler(KeyPriority.view, ({ name }) => {
    const action = resolveAction(context, name);
    const move = (to: number) => setTop(Math.min(Math.max(to, 0), maxTop));
    switch (action) {
      case 'up':
        move(top - 1);
        return true;
      case 'down':
        move(top + 1);
        return true;
      case 'page-up':
        move(top - body);
        return true;
      case 'page-down':
        move(top + body);
        return true;
      case 'top':
        move(0);
        return true;
      case 'bottom':
        move(maxTop);
        return true;
      case 'close':
        onClose();
        return true;
      default:
        return false;
    }
  });
  const shown = lines.slice(top, top + body);
  const position = lines.length > body ? ` ${top + 1}-${Math.min(top + body, lines.length)}/${lines.length}` : '';
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
