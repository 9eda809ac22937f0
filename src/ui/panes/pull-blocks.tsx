import { Box, Text } from 'ink';
import { memo, useMemo } from 'react';
import type { PullState } from '../../state/pulls/pull-reducer.ts';
import { pullBlockLines, type BlockLine, type Segment, type Tone } from '../../app/rows/pull-rows.ts';
import { theme } from '../../app/theme.ts';

/**
 * The "dots" spinner of cli-spinners (what ink-spinner draws by default), driven by the pane's
 * one clock rather than a timer per block: each timer would make Ink draw the whole screen
 * again on its own schedule, so several running pulls multiplied the redraws. Its frame is the
 * wall clock in tenths of a second, read whenever the pane draws.
 */
export const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] as const;
export const SPINNER_INTERVAL_MS = 100;
/**
 * How long the pane waits after its last frame before drawing one for the spinner alone. While
 * progress arrives its frames (8 a second) turn the spinner already; a spinner of its own on top
 * doubled the frames of a pull, each a full Ink redraw (bench B6: ~5 ms of CPU each for a
 * 160×50 screen). When a pull goes quiet (a slow registry, a stall) 4 frames a second still
 * show that it is alive.
 */
export const SPINNER_IDLE_MS = 250;

interface Props {
  pull: PullState;
  width: number;
  /** For the elapsed time of a running pull; whole seconds, so that the lines are rebuilt once a second at most. */
  nowMs: number;
  selected: boolean;
  /** Lines the block may take (see pullBlockLines). */
  maxLines?: number;
  /** Which frame of the spinner a running pull shows. */
  spinnerFrame?: number;
  /** The engine does not answer: a stalled pull blames it rather than the registry. */
  engineSilent?: boolean;
  /** The engine berth shows now (see BlockOptions). */
  currentEngine?: string;
  /** The key that cancels the selected pull, for a stalled pull's hint. */
  cancelKey?: string;
}

function color(tone: Tone | undefined): string | undefined {
  switch (tone) {
    case 'muted':
      return theme.muted;
    case 'accent':
      return theme.accent;
    case 'success':
      return theme.success;
    case 'error':
      return theme.error;
    case 'warning':
      return theme.warning;
    default:
      return undefined;
  }
}

/** One pull: its title with a spinner while it runs, the overall bar, a row per layer. Rows are cut, never wrapped. */
export const PullBlock = memo(function PullBlock({ pull, width, nowMs, selected, maxLines, spinnerFrame = 0, engineSilent = false, currentEngine, cancelKey }: Props) {
  // The spinner turns ~12 times a second; the lines only change with the pull, the size or the second.
  const lines = useMemo(() => pullBlockLines(pull, { width, nowMs, selected, maxLines, engineSilent, currentEngine, cancelKey }), [pull, width, nowMs, selected, maxLines, engineSilent, currentEngine, cancelKey]);
  return <SpinnerLines lines={lines} width={width} spinnerFrame={spinnerFrame} />;
});

/** A transfer's lines (a pull's, a push's, a build's), the spinner's frame on the line that has one. */
export function SpinnerLines({ lines, width, spinnerFrame }: { lines: readonly BlockLine[]; width: number; spinnerFrame: number }) {
  const glyph = SPINNER_FRAMES[spinnerFrame % SPINNER_FRAMES.length] ?? SPINNER_FRAMES[0];
  return (
    <Box flexDirection="column" width={width}>
      {lines.map((line) => (
        // Only the line with the spinner gets the frame, so only it is drawn again as it turns.
        <Line key={line.key} line={line} glyph={line.segments.some((s) => s.spinner) ? glyph : undefined} />
      ))}
    </Box>
  );
}

export const Line = memo(function Line({ line, glyph }: { line: BlockLine; glyph?: string }) {
  const runs = merge(line.segments.map((s) => (s.spinner ? { ...s, text: glyph ?? s.text, spinner: false } : s)));
  return (
    <Text wrap="truncate">
      {runs.length === 0
        ? ' '
        : runs.map((run, i) => (
            <Text key={i} {...(run.inverse ? theme.selection : { color: color(run.tone) })} bold={run.bold}>
              {run.text}
            </Text>
          ))}
    </Text>
  );
});

/** Joins neighbours that look the same: fewer nodes for Ink to lay out on every frame. */
function merge(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out.at(-1);
    const plain = (s: Segment) => (s.tone ?? 'normal') === 'normal' && !s.bold && !s.inverse;
    const same = last && ((plain(last) && plain(segment)) || (last.tone === segment.tone && !!last.bold === !!segment.bold && !!last.inverse === !!segment.inverse));
    // Spaces take no colour, so they can join any run that is not inverse.
    const blank = last && !last.inverse && segment.text.trim() === '' && !segment.inverse;
    if (last && (same || blank)) out[out.length - 1] = { ...last, text: last.text + segment.text };
    else out.push(segment);
  }
  return out;
}
