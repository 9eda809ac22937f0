/**
 * The views whose lines are a thing's facts, each one a line you can act on (describe, the health
 * panel, relations): the title, a status line, then the lines from the top that keeps the cursor
 * in view, each indented by its depth; a line that names a thing to go to ends in →. Their text
 * comes from the engine: every line is sanitised here.
 */
import { searchStatus } from '../../app/views/text-search.ts';
import { Box, Text } from 'ink';
import type { ItemDoc, ItemOverlay, ItemTone } from '../../app/views/item-lines.ts';
import { ITEM_HEADING } from '../../app/views/item-lines.ts';
import { viewOf } from '../../app/views/index.ts';
import { sanitizeLine, truncate } from '../../app/format/index.ts';
import { theme } from '../../app/theme.ts';
import { useKeymap, useUiContext } from '../runtime-context.tsx';

function colourOf(tone: ItemTone | undefined): string | undefined {
  switch (tone) {
    case 'heading':
      return theme.accent;
    case 'muted':
      return theme.muted;
    case 'warning':
      return theme.warning;
    case 'error':
      return theme.error;
    case 'success':
      return theme.success;
    default:
      return undefined;
  }
}

export function ItemLinesView({ overlay, width, height }: { overlay: ItemOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const ctx = useUiContext();
  const doc: ItemDoc = viewOf(overlay)?.lines?.(overlay, ctx) ?? { title: overlay.kind, lines: [] };
  const body = Math.max(height - ITEM_HEADING, 1);
  const first = Math.max(0, Math.min(overlay.selected - body + 1, doc.lines.length - body));
  const found = searchStatus(overlay.search, doc.lines.map((l) => l.text));
  const position = `${doc.lines.length > body ? ` ${first + 1}-${Math.min(first + body, doc.lines.length)}/${doc.lines.length}` : ''}${found ? `  ${sanitizeLine(found)}` : ''}`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate">
        {truncate(`${doc.title} (${keymap.label('close')} closes)`, Math.max(width - position.length, 1))}
        <Text color={theme.muted}>{position}</Text>
      </Text>
      <Text color={colourOf(doc.status?.tone)} wrap="truncate">
        {sanitizeLine(doc.status?.text ?? ' ')}
      </Text>
      {doc.lines.slice(first, first + body).map((line, i) => {
        const selected = first + i === overlay.selected;
        const text = truncate(`${'  '.repeat(line.depth ?? 0)}${sanitizeLine(line.text)}`, Math.max(width - 4, 4));
        return (
          <Text key={first + i} wrap="truncate">
            <Text>{selected ? '›' : ' '} </Text>
            <Text inverse={selected} bold={line.tone === 'heading'} color={colourOf(line.tone)}>
              {text === '' ? ' ' : text}
            </Text>
            <Text color={theme.muted}>{line.go ? ' →' : ''}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
