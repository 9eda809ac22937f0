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
 * Node 20's test runner loads reporters before `--import tsx` takes effect, so test/run.ts hands
 * `node --test` this file compiled to JavaScript (esbuild); it imports nothing but Node.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { spec as SpecReporter } from 'node:test/reporters';

export const SUMMARY_KEYS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo', 'duration_ms'] as const;
export type Counts = Record<(typeof SUMMARY_KEYS)[number], number>;

interface ReporterEvent {
  type: string;
  data?: { nesting?: number; message?: string; file?: string };
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
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { pass: string; counts: Counts });
}

function diagnostic(message: string): ReporterEvent {
  return { type: 'test:diagnostic', data: { nesting: 0, message } };
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
  for (const key of SUMMARY_KEYS) {
    const total = earlier.reduce((sum, e) => sum + (e.counts[key] ?? 0), own[key]);
    yield diagnostic(`${key} ${key === 'duration_ms' ? Number(total.toFixed(6)) : total}`);
  }
}

/** An async generator, as Node wants a reporter that is not a class (it would `new` a plain function). */
export default async function* reporter(source: AsyncIterable<ReporterEvent>): AsyncGenerator<string | Buffer> {
  const tally = process.env.BERTH_TEST_TALLY;
  yield* Readable.from(tally ? withCombinedSummary(source, tally) : source).pipe(new SpecReporter());
}
