/**
 * Every dialog, drawn from its module's description (app/dialogs/view.ts): a bordered box with
 * its title, its blocks, the engine's refusal and a hint line written from the keymap in force.
 * When not everything fits, a window of lines around the focused row is drawn and the title says
 * how many more lie above and below (dialog-fit.ts): Tab always lands on a row the user can see,
 * and the box is never taller than the rows the screen gives it.
 */
import { Table as ShortTable } from '@alcalzone/ink-table';
import { Box, Text } from 'ink';
import type { ReactElement } from 'react';
import { dialogOf } from '../../app/dialogs/index.ts';
import type { DialogViewContext } from '../../app/dialogs/machine.ts';
import { hintLine, type DialogBlock, type Tone } from '../../app/dialogs/view.ts';
import { renderBar, truncate } from '../../app/format/index.ts';
import { theme } from '../../app/theme.ts';
import type { DialogOverlay } from '../../app/types.ts';
import { useDerived, useKeymap, useRuntime } from '../runtime-context.tsx';
import { Highlighted } from '../widgets/scroll-view.tsx';
import { fitDialog, titleLine } from './dialog-fit.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME, ToggleRow } from './dialog-frame.tsx';

/** A tone's colour, read as drawn: the user's theme is applied after this module loads. */
const toneColor = (tone: Tone): string | undefined => theme[tone];

function Block({ block, inner }: { block: DialogBlock; inner: number }): ReactElement | null {
  switch (block.kind) {
    case 'text': {
      const color = block.tone ? toneColor(block.tone) : undefined;
      const wrap = block.wrap === 'truncate' ? 'truncate' : block.wrap === 'middle' ? 'truncate-middle' : 'wrap';
      return (
        <Text color={color} bold={block.bold} wrap={wrap}>
          {block.wrap === 'truncate' ? truncate(block.text, inner) : block.text}
        </Text>
      );
    }
    case 'field':
      return <FieldRow label={block.label} field={block.field} focused={block.focused} width={inner} placeholder={block.placeholder} suggestion={block.suggestion} mask={block.mask} />;
    case 'toggle':
      return <ToggleRow label={block.label} on={block.on} focused={block.focused} description={block.description} width={inner} />;
    case 'busy':
      return <Busy text={truncate(block.text, Math.max(inner - 2, 1))} />;
    case 'table':
      return <ShortTable data={block.rows.map((row) => ({ ...row }))} />;
    case 'bar':
      return <Text color={theme.accent}>{renderBar(block.fraction, Math.max(Math.min(inner, 40), 4))}</Text>;
    case 'output':
      return (
        <Box flexDirection="column" height={block.height}>
          {block.lines.length === 0 ? (
            <Text color={theme.muted}>{block.empty}</Text>
          ) : (
            block.lines.map((line, i) => (
              <Text key={i} color={line.tone ? toneColor(line.tone) : undefined} wrap="truncate">
                {line.find === undefined ? truncate(line.text, inner) || ' ' : <Highlighted line={truncate(line.text, inner)} find={line.find} current={line.current === true} />}
              </Text>
            ))
          )}
          {/* The search's line is the output's last row, as less keeps its prompt at the bottom. */}
          {block.status !== undefined && (
            <Box flexGrow={1} alignItems="flex-end">
              <Text color={theme.accent} wrap="truncate">
                {truncate(block.status, inner)}
              </Text>
            </Box>
          )}
        </Box>
      );
    case 'more':
      return <Text color={theme.muted}>{block.text}</Text>;
  }
}

export function DialogHost({ overlay, width, height: rows }: { overlay: DialogOverlay; width: number; height: number }) {
  const keymap = useKeymap();
  const { runner } = useRuntime();
  const module = dialogOf(overlay.dialog.type);
  // The sources a dialog may show (the engine's images for completion, a pull's progress).
  const { engine, pulls } = useDerived((_s, ctx) => ({ engine: ctx.engine, pulls: ctx.pulls }), []);
  if (!module) return null;
  const output = runner.runOutput(overlay.id);
  const ctx: DialogViewContext = {
    overlay: overlay.id,
    width,
    height: rows,
    engine,
    pulls,
    keymap,
    output: (from, to) => output?.slice(from, to) ?? [],
    outputLength: output?.length ?? 0,
  };
  const view = module.view(overlay.dialog, ctx);
  const w = view.width === 'wide' ? Math.max(width, 24) : dialogWidth(width);
  const inner = Math.max(w - FRAME_CHROME, 1);
  const fitted = fitDialog(view, hintLine(view.hints, keymap), inner, rows);
  return (
    <DialogFrame title={titleLine(view.title, fitted.above, fitted.below, inner)} width={w} errorLines={fitted.errorLines} hintLines={fitted.hintLines} spaced={fitted.spaced}>
      {fitted.blocks.map(({ key, block }) => (
        <Block key={key} block={block} inner={inner} />
      ))}
    </DialogFrame>
  );
}
