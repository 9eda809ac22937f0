/**
 * berth's patch of Ink's `output.js` (test/tools/patches/README.md) makes a row that one write
 * alone lands on, outside any clip and with no escape sequence or invisible character of its
 * own, straight as the write's text instead of through a grid of cells. The property: for any
 * frame of writes (overlapping or not, clipped or not, with chalk's styles as transformers,
 * escape sequences, wide and invisible characters), and the frame after it, the screen the
 * terminal draws from each line (its characters and each one's styles) is the screen of Ink's own
 * way through cells.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Chalk } from 'chalk';
import { styledCharsFromTokens, tokenize } from '@alcalzone/ansi-tokenize';
import Output, { setDirectRows } from '../../node_modules/ink/build/output.js';

const chalk = new Chalk({ level: 3 });
type Transformer = (line: string, index: number) => string;
const TRANSFORMERS: Record<string, Transformer> = {
  green: (line) => chalk.green(line),
  inverse: (line) => chalk.inverse(line),
  boldRed: (line) => chalk.bold(chalk.red(line)),
  dimBg: (line) => chalk.dim.bgBlue(line),
  numbered: (line, index) => `${index}:${line}`,
};

type Op = { kind: 'write'; x: number; y: number; text: string; transformers: string[] } | { kind: 'clip'; x1: number; x2: number; y1: number; y2: number } | { kind: 'unclip' };

const PIECES = ['NAME', ' ', 'Up 3 seconds', '●', '▼', '日本', 'e\u0301', '\u200b', '\u00ad', '\n', '\u001b[31m', '\u001b[39m', '\u001b[1mbold\u001b[22m', '   ', 'x'];
const text = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
const write = fc.record({
  kind: fc.constant('write' as const),
  x: fc.integer({ min: -2, max: 12 }),
  y: fc.integer({ min: -1, max: 7 }),
  text,
  transformers: fc.subarray(Object.keys(TRANSFORMERS), { maxLength: 2 }),
});
const clip = fc.record({ kind: fc.constant('clip' as const), x1: fc.integer({ min: 0, max: 8 }), x2: fc.integer({ min: 4, max: 20 }), y1: fc.integer({ min: 0, max: 3 }), y2: fc.integer({ min: 2, max: 8 }) });
const ops = fc.array(fc.oneof({ arbitrary: write, weight: 6 }, { arbitrary: clip, weight: 1 }, { arbitrary: fc.constant({ kind: 'unclip' as const }), weight: 1 }), { maxLength: 12 }).map((list) => {
  // As Ink emits them: an unclip only after its clip.
  let open = 0;
  return list.filter((op) => (op.kind === 'clip' ? ++open > 0 : op.kind === 'unclip' ? open-- > 0 : true));
});

function frame(list: readonly Op[]): string {
  const output = new Output({ width: 24, height: 8 });
  for (const op of list) {
    if (op.kind === 'write') output.write(op.x, op.y, op.text, { transformers: op.transformers.map((t) => TRANSFORMERS[t] as Transformer) });
    else if (op.kind === 'clip') output.clip({ x1: op.x1, x2: op.x2, y1: op.y1, y2: op.y2 });
    else output.unclip();
  }
  return output.get().output;
}

/** What the terminal shows of a frame: each line's characters, each with its styles as a set. */
function screen(output: string): string[][] {
  return output.split('\n').map((line) =>
    styledCharsFromTokens(tokenize(line)).map((c) => `${c.value}|${c.styles.map((s) => s.code).sort().join(',')}`),
  );
}

function twoFrames(direct: boolean, first: readonly Op[], second: readonly Op[]): string[][][] {
  setDirectRows(direct);
  try {
    return [screen(frame(first)), screen(frame(second)), screen(frame(first))];
  } finally {
    setDirectRows(true);
  }
}

test('rows made straight as text show what the way through cells shows, frame after frame', () => {
  fc.assert(
    fc.property(ops, ops, (first, second) => {
      assert.deepEqual(twoFrames(true, first, second), twoFrames(false, first, second));
    }),
    { numRuns: 1500 },
  );
});

test('a table row is made straight as text: the same string, styled by its transformer', () => {
  setDirectRows(true);
  const output = new Output({ width: 40, height: 2 });
  output.write(0, 0, 'NAME   STATUS  ', { transformers: [] });
  output.write(2, 1, 'web-1  Up 3 seconds', { transformers: [(line: string) => chalk.green(line)] });
  assert.equal(output.get().output, `NAME   STATUS\n  ${chalk.green('web-1  Up 3 seconds')}`);
});
