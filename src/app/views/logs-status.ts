/**
 * What the logs view's status line says about the history: what is loaded and what is known. The
 * API gives no line count, so the total appears only once a pass (a count, a whole-history search)
 * has read everything: "18,200 lines loaded · older on ↑ · 200,000 counted".
 */
import type { LogHistoryInfo } from '../../state/logs/log-history.ts';
import { sanitizeLine } from '../format/index.ts';

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

export function historyStatus(length: number, history: LogHistoryInfo | undefined, keys: { up: string; down: string }): string {
  const parts: string[] = [];
  if (history === undefined) return `${count(length)} line${length === 1 ? '' : 's'}`;
  const { offset, counted } = history;
  if (offset !== undefined && length > 0) {
    parts.push(`lines ${count(offset + 1)}–${count(offset + length)}${counted !== undefined ? ` of ${count(Math.max(counted, offset + length))}` : ''} loaded`);
  } else {
    parts.push(`${count(length)} line${length === 1 ? '' : 's'} loaded`);
    if (counted !== undefined) parts.push(`${count(counted)} counted`);
  }
  if (history.loading !== undefined) parts.push(`reading ${history.loading}…`);
  else if (history.counting !== undefined && history.search === undefined) parts.push(`counting… ${count(history.counting)}`);
  else if (history.older) parts.push(`older on ${keys.up}`);
  if (history.newer) parts.push(`newer on ${keys.down}`);
  const search = history.search;
  if (search !== undefined) {
    const where = `"${sanitizeLine(search.query)}" ${count(search.found)} in the whole history`;
    parts.push(search.done ? `${where}${search.cancelled ? ` (stopped at line ${count(search.scanned)})` : ''}` : `searching… ${count(search.scanned)} lines read, ${count(search.found)} found (Esc stops)`);
  }
  if (history.error !== undefined) parts.push(`error: ${sanitizeLine(history.error)}`);
  return parts.join(' · ');
}
