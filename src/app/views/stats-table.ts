/**
 * The stats view's figures as a small boxed table (the look of @alcalzone/ink-table, which drew it
 * before): five lines of text, each a few runs of one look. ink-table drew the same five lines as
 * ~70 Ink text nodes, and keyed its data row by a SHA-1 of its cells, so a figure that changed
 * unmounted the row and mounted a new one; every frame of the view (one a sample, every 2 s:
 * bench B10) laid out, squashed and wrote each of those nodes again.
 */
import { displayWidth, padEnd } from '../format/index.ts';

/** How a run of a line is drawn: the box (bold), a column's title (bold, coloured), a figure. */
export type TableLook = 'frame' | 'title' | 'cell';

export interface TableRun {
  text: string;
  look: TableLook;
}

export type TableLine = readonly TableRun[];

/** A column and its one figure. */
export interface TableColumn {
  title: string;
  cell: string;
}

/**
 * The table's lines: top rule, titles, a rule, the figures, bottom rule. Each column is as wide as
 * its title or figure with a space either side.
 */
export function figuresTable(columns: readonly TableColumn[]): TableLine[] {
  const widths = columns.map((c) => Math.max(displayWidth(c.title), displayWidth(c.cell)) + 2);
  const rule = (left: string, cross: string, right: string): TableLine => [{ text: left + widths.map((w) => '─'.repeat(w)).join(cross) + right, look: 'frame' }];
  const row = (pick: (c: TableColumn) => string, look: TableLook): TableLine => {
    const runs: TableRun[] = [{ text: '│', look: 'frame' }];
    columns.forEach((c, i) => {
      runs.push({ text: ` ${padEnd(pick(c), (widths[i] ?? 2) - 2)} `, look });
      runs.push({ text: '│', look: 'frame' });
    });
    return runs;
  };
  return [rule('┌', '┬', '┐'), row((c) => c.title, 'title'), rule('├', '┼', '┤'), row((c) => c.cell, 'cell'), rule('└', '┴', '┘')];
}

/** A line's plain text (what a test or a width check reads). */
export function lineText(line: TableLine): string {
  return line.map((run) => run.text).join('');
}
