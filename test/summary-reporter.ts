/**
 * Node's own spec reporter, with one change: when test/run.ts runs the suite in several passes
 * (one `node --test` per Node binary, see test/passes.ts), the summary Node prints at the end
 * (ℹ tests, suites, pass, fail, cancelled, skipped, todo, duration_ms) appears once, after the
 * last pass, and counts every pass. CI reads those last lines; a failure in an earlier pass is
 * in its `fail` count (and in the exit status).
 *
 * Each pass appends its own counts to the file named by BERTH_TEST_TALLY; the pass run with
 * BERTH_TEST_LAST_PASS=1 adds them up and prints the summary. Without BERTH_TEST_TALLY this is
 * exactly the spec reporter.
 *
 * With BERTH_TEST_TIMES set, it also appends one line per test file to that file: the pass, the
 * file and its wall time (from the runner starting its first test to its last result), which
 * test/run.ts turns into the table of the slowest files at the end of a run.
 *
 * With BERTH_TEST_FAILURES set, every failed test appends one line there (pass, file, the test's
 * name and the first lines of its error): test/run.ts lists them just before the summary, so
 * the last lines of a run (all that CI keeps) name what failed even when a pass's own output,
 * printed earlier, is cut away.
 *
 * Node's test runner loads reporters before `--import tsx` takes effect, so test/run.ts hands
 * `node --test` this file compiled to JavaScript (esbuild); it imports nothing but Node.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { spec as SpecReporter } from 'node:test/reporters';

export const SUMMARY_KEYS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo', 'duration_ms'] as const;
export type Counts = Record<(typeof SUMMARY_KEYS)[number], number>;

interface ReporterEvent {
  type: string;
  data?: { nesting?: number; message?: string; file?: string; name?: string; details?: { error?: unknown } };
}

/** A file of one JSON value per line (the tally, the times, the failures); none when it is not there. */
function readJsonLines<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

/** One failed test (a line of BERTH_TEST_FAILURES). */
export interface FailedTest {
  pass: string;
  file: string;
  name: string;
  error: string;
}

/** How many lines of a failure's error the end of a run repeats. */
const ERROR_LINES = 10;

/** The error's own message, not the wrapper Node puts around a failed test's error. */
function errorText(error: unknown): string {
  const own = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const text = own instanceof Error ? (own.stack ?? own.message) : String(own);
  return text.split('\n').filter((line) => line.trim() !== '').slice(0, ERROR_LINES).join('\n');
}

/** The lines of a BERTH_TEST_FAILURES file. */
export function readFailures(file: string): FailedTest[] {
  return readJsonLines<FailedTest>(file);
}

/** The failures as lines for the end of a run: one heading per test, its error indented under it. */
export function failureLines(failures: readonly FailedTest[]): string[] {
  if (failures.length === 0) return [];
  const lines = [`failed: ${failures.length}`];
  for (const f of failures) {
    lines.push(`  ✖ ${f.pass} ${f.file}: ${f.name}`);
    for (const line of f.error.split('\n')) lines.push(`      ${line}`);
  }
  return lines;
}

/**
 * Failed leaf tests only: a suite or file that fails because a test in it did would name the
 * same failure twice (its error is then Node's "N subtests failed").
 */
function recordFailure(event: ReporterEvent, out: string): void {
  if (event.type !== 'test:fail' || !event.data) return;
  const error = event.data.details?.error as { failureType?: string } | undefined;
  if (error?.failureType === 'subtestsFailed') return;
  const failure: FailedTest = {
    pass: process.env.BERTH_TEST_PASS ?? '?',
    file: event.data.file ? path.relative(process.cwd(), event.data.file) : '?',
    name: event.data.name ?? '?',
    error: errorText(event.data.details?.error),
  };
  appendFileSync(out, `${JSON.stringify(failure)}\n`);
}

/** One test file's wall time in one pass (a line of BERTH_TEST_TIMES). */
export interface FileTime {
  pass: string;
  file: string;
  ms: number;
}

/** The lines of a BERTH_TEST_TIMES file. */
export function readFileTimes(file: string): FileTime[] {
  return readJsonLines<FileTime>(file);
}

/**
 * Per file, from its first test starting to its last event (the runner announces every file's
 * tests up front, so 'test:enqueue' says nothing about when a file runs; 'test:dequeue' does).
 */
class FileClock {
  private readonly spans = new Map<string, { start: number; end: number }>();

  see(event: ReporterEvent, now: number): void {
    const file = event.data?.file;
    if (!file || event.type === 'test:enqueue') return;
    const span = this.spans.get(file);
    if (span) span.end = now;
    else this.spans.set(file, { start: now, end: now });
  }

  write(out: string, pass: string): void {
    const lines = [...this.spans].map(([file, { start, end }]) => JSON.stringify({ pass, file: path.relative(process.cwd(), file), ms: end - start } satisfies FileTime));
    if (lines.length > 0) appendFileSync(out, `${lines.join('\n')}\n`);
  }
}

const SUMMARY_LINE = new RegExp(`^(${SUMMARY_KEYS.join('|')}) (\\d+(?:\\.\\d+)?)$`);

/** Node's end-of-run totals come as top-level diagnostics that belong to no file. */
function summaryEntry(event: ReporterEvent): [keyof Counts, number] | undefined {
  if (event.type !== 'test:diagnostic' || event.data?.nesting !== 0 || event.data.file !== undefined) return undefined;
  const m = SUMMARY_LINE.exec(event.data.message ?? '');
  return m ? [m[1] as keyof Counts, Number(m[2])] : undefined;
}

/** The counts the earlier passes of this run wrote, one JSON object per line. */
export function readTally(file: string): Array<{ pass: string; counts: Counts }> {
  return readJsonLines<{ pass: string; counts: Counts }>(file);
}

/** How many of the slowest files the end of a run lists. */
const SLOWEST = 12;

/** Each pass's time and the slowest files of the run, as lines for the end of the run. */
export function timeTable(times: readonly FileTime[]): string[] {
  if (times.length === 0) return [];
  const passes = new Map<string, number>();
  for (const t of times) passes.set(t.pass, (passes.get(t.pass) ?? 0) + t.ms);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [`time in test files: ${[...passes].map(([pass, ms]) => `${pass} ${seconds(ms)}`).join(', ')}`];
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  for (const t of slowest) lines.push(`  ${seconds(t.ms).padStart(8)}  ${t.pass.padEnd(7)} ${t.file}`);
  return lines;
}

function diagnostic(message: string): ReporterEvent {
  return { type: 'test:diagnostic', data: { nesting: 0, message } };
}

async function* timed(source: AsyncIterable<ReporterEvent>, out: string | undefined): AsyncGenerator<ReporterEvent> {
  const clock = new FileClock();
  const failures = process.env.BERTH_TEST_FAILURES;
  for await (const event of source) {
    if (out) clock.see(event, Date.now());
    if (failures) recordFailure(event, failures);
    yield event;
  }
  if (out) clock.write(out, process.env.BERTH_TEST_PASS ?? '?');
}

async function* withCombinedSummary(source: AsyncIterable<ReporterEvent>, tally: string): AsyncGenerator<ReporterEvent> {
  const own = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, 0])) as Counts;
  for await (const event of source) {
    const entry = summaryEntry(event);
    if (entry) own[entry[0]] = entry[1];
    else yield event;
  }
  const earlier = readTally(tally);
  appendFileSync(tally, `${JSON.stringify({ pass: process.env.BERTH_TEST_PASS ?? '?', counts: own })}\n`);
  if (process.env.BERTH_TEST_LAST_PASS !== '1') return;
  const times = process.env.BERTH_TEST_TIMES;
  if (times) for (const line of timeTable(readFileTimes(times))) yield diagnostic(line);
  for (const key of SUMMARY_KEYS) {
    const total = earlier.reduce((sum, e) => sum + (e.counts[key] ?? 0), own[key]);
    yield diagnostic(`${key} ${key === 'duration_ms' ? Number(total.toFixed(6)) : total}`);
  }
}

/** An async generator, as Node wants a reporter that is not a class (it would `new` a plain function). */
export default async function* reporter(source: AsyncIterable<ReporterEvent>): AsyncGenerator<string | Buffer> {
  const tally = process.env.BERTH_TEST_TALLY;
  const events = timed(source, process.env.BERTH_TEST_TIMES);
  yield* Readable.from(tally ? withCombinedSummary(events, tally) : events).pipe(new SpecReporter());
}
