/**
 * The health panel's lines: the check (its test, interval, timeout, retries, start period), its
 * status and failing streak, when the next probe is due, the engine's last probes as
 * State.Health.Log keeps them (start, how long, exit code, output), then the checks run from
 * berth. Times are local, to the millisecond, from the engine's own stamps. Pure.
 */
import type { HealthFacts, HealthProbe } from '../../state/describe/container-facts.ts';
import { DEFAULT_INTERVAL_NS, DEFAULT_RETRIES, DEFAULT_TIMEOUT_NS, type CheckRun } from '../../state/describe/health-check.ts';
import type { UiContext } from '../context.ts';
import type { HealthOverlay } from '../types.ts';
import type { ItemLine, ItemTone } from './item-lines.ts';

function seconds(ns: number): string {
  const s = ns / 1e9;
  return s >= 60 && s % 60 === 0 ? `${s / 60}m` : `${Number(s.toFixed(3))}s`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** A time as the panel writes it: local HH:MM:SS.mmm (the engine's stamp; '?' when it is none). */
export function clockMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '?';
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function parsed(stamp: string | undefined): number | undefined {
  if (!stamp) return undefined;
  const ms = Date.parse(stamp);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** Output on one line: its lines joined with ⏎, trailing blank lines gone. */
export function oneLine(output: string | undefined): string {
  return (output ?? '').replace(/\s+$/, '').split('\n').join(' ⏎ ');
}

/** "CMD-SHELL exit 1" or "CMD /bin/check --fast", as the engine keeps the test. */
export function testText(test: readonly string[]): string {
  return test.length === 0 ? '(none)' : test.join(' ');
}

export function healthSummary(health: HealthFacts): string {
  const streak = health.failingStreak ?? 0;
  return `${health.status ?? 'no status yet'}${streak > 0 ? ` · failing ${streak} in a row` : ''} · ${testText(health.test)}`;
}

/** One probe's line: start, how long it took, exit code, output. */
export function probeText(start: number | undefined, end: number | undefined, exitCode: number | undefined, output: string): string {
  const took = start !== undefined && end !== undefined ? `${Math.max(end - start, 0)} ms` : '?';
  return `${clockMs(start)} took ${took} exit ${exitCode ?? '?'} ${output}`.trimEnd();
}

function probeLine(p: HealthProbe): ItemLine {
  const tone: ItemTone | undefined = p.exitCode === 0 ? undefined : 'error';
  return { text: probeText(parsed(p.start), parsed(p.end), p.exitCode, oneLine(p.output)), depth: 1, ...(tone && { tone }) };
}

function runLine(r: CheckRun): ItemLine {
  if (r.error !== undefined) return { text: `${clockMs(r.startMs)} could not run: ${r.error}`, depth: 1, tone: 'error' };
  if (r.timedOut) return { text: `${clockMs(r.startMs)} timed out after ${r.endMs - r.startMs} ms ${oneLine(r.output)}`.trimEnd(), depth: 1, tone: 'error' };
  return { text: probeText(r.startMs, r.endMs, r.exitCode, oneLine(r.output)), depth: 1, ...(r.exitCode !== 0 && { tone: 'error' as const }) };
}

export function healthLines(overlay: HealthOverlay, ctx: Pick<UiContext, 'keymap'>): ItemLine[] {
  const health = overlay.facts?.health;
  if (!overlay.facts) return [];
  if (!health) return [{ text: `${overlay.name} has no health check (HEALTHCHECK in its image, --health-cmd when it was run)`, tone: 'muted' }];
  const interval = health.intervalNs ?? DEFAULT_INTERVAL_NS;
  const last = health.log[health.log.length - 1];
  const lastStart = parsed(last?.start);
  const running = overlay.facts.state.status === 'running';
  const next = !running ? `none: the container is ${overlay.facts.state.status || 'not running'}` : lastStart === undefined ? 'the first is due one interval after the start' : `≈ ${clockMs(lastStart + interval / 1e6)} (the last probe's start + the interval)`;
  const lines: ItemLine[] = [
    { text: 'check', tone: 'heading' },
    { text: `test ${testText(health.test)}`, depth: 1 },
    {
      text: `every ${seconds(interval)}${health.intervalNs === undefined ? ' (default)' : ''} · timeout ${seconds(health.timeoutNs ?? DEFAULT_TIMEOUT_NS)} · ${health.retries ?? DEFAULT_RETRIES} retries · start period ${seconds(health.startPeriodNs ?? 0)}`,
      depth: 1,
    },
    { text: 'status', tone: 'heading' },
    { text: `${health.status ?? 'no status yet'} · failing streak ${health.failingStreak ?? 0}`, depth: 1, ...(health.status === 'unhealthy' ? { tone: 'error' as const } : health.status === 'healthy' ? { tone: 'success' as const } : {}) },
    { text: `next probe ${next}`, depth: 1 },
    { text: `the engine's last ${health.log.length} probe${health.log.length === 1 ? '' : 's'} (State.Health.Log, oldest first)`, tone: 'heading' },
    ...(health.log.length === 0 ? [{ text: 'none yet', depth: 1, tone: 'muted' as const }] : health.log.map(probeLine)),
    { text: `run from berth (${ctx.keymap.label('run-check')} runs the check now; the engine does not record these)`, tone: 'heading' },
    ...(overlay.runs ?? []).map(runLine),
  ];
  if (overlay.running) lines.push({ text: 'running the check…', depth: 1, tone: 'muted' });
  else if ((overlay.runs ?? []).length === 0) lines.push({ text: 'none yet', depth: 1, tone: 'muted' });
  return lines;
}
