import assert from 'node:assert/strict';
import { test } from 'node:test';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { finishPull } from '../../../src/state/pulls/pull-reducer.ts';
import { PullBlock } from '../../../src/ui/panes/pull-blocks.tsx';
import { freshAfter } from '../../support/pull-fixtures.ts';

const bar = (line: string) => /[█▏▎▍▌▋▊▉░]+/.exec(line)?.[0] ?? '';

function frameAt(width: number, pull = freshAfter(16)) {
  const instance = render(<PullBlock pull={pull} width={width} nowMs={7000} selected />);
  const lines = (instance.lastFrame() ?? '').split('\n');
  instance.unmount();
  return lines;
}

test('a block at several widths: bars shrink, rows never wrap or overflow', () => {
  const widest: number[] = [];
  for (const width of [140, 100, 80, 64, 48, 32]) {
    const lines = frameAt(width);
    // Title, header, overall, five layers: one terminal row each, whatever the width.
    assert.equal(lines.length, 8, `width ${width}:\n${lines.join('\n')}`);
    for (const line of lines) assert.ok(stringWidth(line) <= width, `width ${width}: ${JSON.stringify(line)}`);
    assert.match(lines[0]!, /127\.0\.0\.1/);
    widest.push(Math.max(...lines.map((l) => bar(l).length)));
  }
  for (let i = 1; i < widest.length; i++) assert.ok(widest[i]! <= widest[i - 1]!, `bars ${widest.join(' ≥ ')}`);
  assert.ok(widest[0]! > widest[3]! && widest[3]! > 0);
  assert.equal(widest.at(-1), 0, 'at 32 columns the amounts stay and the bars go');
});

test('the running block shows a spinner and the layer phases', () => {
  const lines = frameAt(100);
  assert.match(lines[0]!, /^› [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] 127\.0\.0\.1:41631\/berth\/layers:latest +pulling 0:07$/);
  assert.match(lines.join('\n'), /Extracting/);
  assert.match(lines.join('\n'), /Verifying Checksum/);
  assert.match(lines.join('\n'), /Waiting/);
});

test('a failed block ends in the registry message, a cancelled one says so', () => {
  const failed = frameAt(80, finishPull(freshAfter(3), { status: 'error', message: 'unauthorized: authentication required' }, 2000));
  assert.match(failed[0]!, /✗ .* failed 0:02$/);
  assert.match(failed.at(-1)!, /✗ unauthorized: authentication required$/);
  const cancelled = frameAt(80, finishPull(freshAfter(12), { status: 'cancelled' }, 3000));
  assert.match(cancelled[0]!, /– .* cancelled 0:03$/);
});
