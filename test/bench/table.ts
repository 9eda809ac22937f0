/**
 * One row per figure (some figures give several: B3 move/page/filter, B4 berth/engine), printed
 * as a Markdown table so the same text reads in a terminal and pastes into the README.
 */
import type { Summary } from './stats.ts';

/** '—': a figure reported beside others, with no budget of its own (B5f, the floor). */
export type Verdict = 'PASS' | 'OVER' | 'FAILED' | '—';

export interface Row {
  id: string;
  figure: string;
  /** berth's figure (e.g. "182 ms median"). */
  berth: string;
  /** Spread over the runs (e.g. "171–240 ms, n=9"). */
  spread: string;
  comparison: string;
  ratio: string;
  budget: string;
  verdict: Verdict;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value >= 10 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

export function pct(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} %`;
}

export function mb(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : '—';
}

export function ratio(a: number, b: number, suffix = ''): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return '—';
  return `${(a / b).toFixed(2)}×${suffix}`;
}

/** "min–max (IQR a–b), n=…" with the given formatter. */
export function spread(s: Summary, fmt: (v: number) => string): string {
  if (s.n === 0) return '—';
  if (s.n < 4) return `${fmt(s.min)}–${fmt(s.max)}, n=${s.n}`;
  return `${fmt(s.min)}–${fmt(s.max)} (IQR ${fmt(s.p25)}–${fmt(s.p75)}), n=${s.n}`;
}

export function verdict(value: number, limit: number): Verdict {
  if (!Number.isFinite(value)) return 'FAILED';
  return value <= limit ? 'PASS' : 'OVER';
}

/** A figure that could not be measured: it shows up in the table rather than killing the run. */
export function failedRow(id: string, figure: string, budget: string, error: unknown): Row {
  const message = error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error);
  return { id, figure, berth: 'error', spread: message.slice(0, 80), comparison: '—', ratio: '—', budget, verdict: 'FAILED' };
}

const HEADERS = ['#', 'figure', 'berth', 'spread', 'comparison', 'ratio', 'budget', 'result'] as const;

export function renderTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [r.id, r.figure, r.berth, r.spread, r.comparison, r.ratio, r.budget, r.verdict]);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...cells.map((c) => [...(c[i] ?? '')].length)));
  const line = (values: readonly string[]) => `| ${values.map((v, i) => v + ' '.repeat((widths[i] ?? 0) - [...v].length)).join(' | ')} |`;
  return [line(HEADERS), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
