/**
 * An overlay's output (a run's, an exec's, the compose CLI's): kept in a bounded buffer outside
 * the store, which the dialog's view draws from, cleared for each new run, and its growth
 * reported at most every OUTPUT_FRAME_MS however fast lines come; closing the overlay stops
 * the report.
 */
import { LogBuffer } from '../../state/logs/log-buffer.ts';
import type { LogLine } from '../../state/logs/types.ts';
import type { RunnerEnv } from './work.ts';

/** Output kept for the dialog: enough to scroll back through a short run. */
export const OUTPUT_CAPACITY = 2_000;
/** Output reaches the screen at most this often, however fast the container writes. */
export const OUTPUT_FRAME_MS = 50;

export interface OverlayOutput {
  readonly buffer: LogBuffer;
  /** Lines that came: kept, and reported within OUTPUT_FRAME_MS. */
  append(lines: LogLine[]): void;
  /** Reports the count now (the run ended, or failed after some output). */
  report(): void;
}

/** `count` hears the number of lines held, each time it is reported. */
export function overlayOutput(env: RunnerEnv, overlay: number, count: (lines: number) => void): OverlayOutput {
  const work = env.work(overlay);
  const buffer = (work.output ??= new LogBuffer(OUTPUT_CAPACITY));
  buffer.clear();
  let frame: NodeJS.Timeout | undefined;
  const report = () => {
    clearTimeout(frame);
    frame = undefined;
    count(buffer.length);
  };
  work.cleanups.push(() => clearTimeout(frame));
  return {
    buffer,
    append(lines) {
      buffer.append(lines);
      frame ??= setTimeout(report, OUTPUT_FRAME_MS);
    },
    report,
  };
}
