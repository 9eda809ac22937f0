/**
 * Every dialog, drawn from its module's description (app/dialogs/view.ts): a bordered box with
 * its title, its blocks, the engine's refusal and a hint line written from the keymap in force.
 * When a form's rows do not all fit, a window of them around the focused row is drawn, with how
 * many more lie above and below: Tab always lands on a row the user can see.
 */
import { Table as ShortTable } from '@alcalzone/ink-table';
import { Box, Text } from 'ink';
import type { ReactElement } from 'react';
import { dialogOf } from '../../app/dialogs/index.ts';
import type { DialogViewContext } from '../../app/dialogs/machine.ts';
import { hintLine, type DialogBlock, type DialogView, type Tone } from '../../app/dialogs/view.ts';
import { renderBar, truncate } from '../../app/format/index.ts';
import { theme } from '../../app/theme.ts';
import type { DialogOverlay } from '../../app/types.ts';
import { useDerived, useKeymap, useRuntime } from '../runtime-context.tsx';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME, LABEL_WIDTH, ToggleRow } from './dialog-frame.tsx';

const toneColor: Record<Tone, string | undefined> = {
  accent: theme.accent,
  muted: theme.muted,
  error: theme.error,
  warning: theme.warning,
  success: theme.success,
  stderr: theme.stderr,
};

/** The rows a form's focusable blocks cost: a line, and their validation message's lines. */
function cost(block: DialogBlock, inner: number): number {
  if (block.kind !== 'field' || !block.message) return 1;
  return 1 + Math.ceil((block.message.length + LABEL_WIDTH + 2) / Math.max(inner, 1));
}

/** What a block other than a form row takes, roughly: wrapped text by its length, the rest a line (a table its rows and borders). */
function height(block: DialogBlock, inner: number): number {
  switch (block.kind) {
    case 'text':
      return block.wrap === undefined || block.wrap === 'wrap' ? Math.max(Math.ceil(block.text.length / Math.max(inner, 1)), 1) : 1;
    case 'table':
      return block.rows.length + 4;
    case 'output':
      return block.height;
    default:
      return 1;
  }
}

/**
 * The form rows that fit in `budget` lines, as a window around the focused one: down first (the
 * rows after the focus are the ones Tab goes to next), then up, a row at a time.
 */
export function visibleRows(focus: number, costs: readonly number[], budget: number): { from: number; to: number } {
  let from = focus;
  let to = focus + 1;
  let used = costs[focus] ?? 1;
  for (let grew = true; grew; ) {
    grew = false;
    const down = costs[to];
    if (down !== undefined && used + down <= budget) {
      used += down;
      to++;
      grew = true;
    }
    const up = costs[from - 1];
    if (up !== undefined && used + up <= budget) {
      used += up;
      from--;
      grew = true;
    }
  }
  return { from, to };
}

function Block({ block, inner }: { block: DialogBlock; inner: number }): ReactElement | null {
  switch (block.kind) {
    case 'text': {
      const color = block.tone ? toneColor[block.tone] : undefined;
      const wrap = block.wrap === 'truncate' ? 'truncate' : block.wrap === 'middle' ? 'truncate-middle' : 'wrap';
      return (
        <Text color={color} bold={block.bold} wrap={wrap}>
          {block.wrap === 'truncate' ? truncate(block.text, inner) : block.text}
        </Text>
      );
    }
    case 'field':
      return <FieldRow label={block.label} field={block.field} focused={block.focused} width={inner} placeholder={block.placeholder} suggestion={block.suggestion} mask={block.mask} message={block.message} />;
    case 'toggle':
      return <ToggleRow label={block.label} on={block.on} focused={block.focused} description={block.description} />;
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
              <Text key={i} color={line.tone ? toneColor[line.tone] : undefined} wrap="truncate">
                {truncate(line.text, inner) || ' '}
              </Text>
            ))
          )}
        </Box>
      );
    case 'more':
      return <Text color={theme.muted}>{block.text}</Text>;
  }
}

/** The blocks to draw in `height` rows: all of them, or a window of the form rows around the focus. */
function fitted(view: DialogView, inner: number, rows: number): readonly DialogBlock[] {
  const focusable = (b: DialogBlock) => b.kind === 'field' || b.kind === 'toggle';
  const formRows = view.blocks.filter(focusable);
  if (formRows.length === 0) return view.blocks;
  const focused = formRows.findIndex((b) => (b.kind === 'field' || b.kind === 'toggle') && b.focused);
  const at = focused >= 0 ? focused : Math.min(view.focus ?? 0, formRows.length - 1);
  const others = view.blocks.filter((b) => !focusable(b)).reduce((n, b) => n + height(b, inner), 0);
  // Frame (2), title, hint (2), the two "more" marks and the error (2) take the rest.
  const budget = Math.max(rows - 7 - (view.error ? 2 : 0) - others, 5);
  const { from, to } = visibleRows(
    at,
    formRows.map((b) => cost(b, inner)),
    budget,
  );
  if (from === 0 && to === formRows.length) return view.blocks;
  const shown = new Set(formRows.slice(from, to));
  const result: DialogBlock[] = [];
  let marked = false;
  for (const block of view.blocks) {
    if (!focusable(block)) {
      result.push(block);
      continue;
    }
    if (!marked) {
      marked = true;
      if (from > 0) result.push({ kind: 'more', text: `  ↑ ${from} more` });
    }
    if (shown.has(block)) {
      result.push(block);
      if (block === formRows[to - 1] && to < formRows.length) result.push({ kind: 'more', text: `  ↓ ${formRows.length - to} more` });
    }
  }
  return result;
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
  return (
    <DialogFrame title={view.title} width={w} error={view.error} hint={hintLine(view.hints, keymap)}>
      {fitted(view, inner, rows).map((block, i) => (
        <Block key={i} block={block} inner={inner} />
      ))}
    </DialogFrame>
  );
}
