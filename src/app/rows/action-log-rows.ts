/**
 * The action log's records in words: the rows of its pane, newest first. Engine strings (the
 * names in a line, an engine's error) are sanitised here, once per record object.
 */
import type { ActionRecord } from '../../state/action-log/action-log.ts';
import { formatClock, sanitizeLine } from '../format/index.ts';

export type ActionLogColumn = 'time' | 'engine' | 'result' | 'line';

export interface ActionLogRow {
  key: string;
  record: ActionRecord;
  cells: Record<ActionLogColumn, string>;
  haystack: string;
}

/** How a change ended, in a few words: ok, the engine's own words, or still under way. */
export function outcomeText(record: ActionRecord): string {
  switch (record.outcome.kind) {
    case 'pending':
      return '…';
    case 'ok':
      return 'ok';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      return `✗ ${record.outcome.message}`;
    case 'exited':
      return `exit ${record.outcome.code}`;
  }
}

const built = new WeakMap<ActionRecord, ActionLogRow>();

export function actionLogRow(record: ActionRecord): ActionLogRow {
  let row = built.get(record);
  if (!row) {
    const cells: Record<ActionLogColumn, string> = {
      time: formatClock(new Date(record.atMs)),
      engine: sanitizeLine(record.engine),
      result: sanitizeLine(outcomeText(record)),
      line: sanitizeLine(record.line),
    };
    row = { key: String(record.seq), record, cells, haystack: `${cells.line} ${cells.result} ${cells.engine}`.toLowerCase() };
    built.set(record, row);
  }
  return row;
}

/** Newest first; those the filter finds (words in the line, the result or the engine). */
export function actionLogRows(records: readonly ActionRecord[], filter: string): ActionLogRow[] {
  const needle = filter.trim().toLowerCase();
  const rows: ActionLogRow[] = [];
  for (let i = records.length - 1; i >= 0; i--) {
    const row = actionLogRow(records[i] as ActionRecord);
    if (needle === '' || row.haystack.includes(needle)) rows.push(row);
  }
  return rows;
}
