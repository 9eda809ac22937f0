import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ExactBytes, QUEUE_BYTES } from '../../../src/state/logs/exact-bytes.ts';
import type { LogStream } from '../../../src/state/logs/types.ts';

type Piece = [LogStream, string | Buffer];

/** Everything written for these chunks, and the line count. */
function run(pieces: readonly Piece[], options = { markStderr: true, timestamps: false }): { out: Buffer; lines: number } {
  const exact = new ExactBytes(options);
  const out: Buffer[] = [];
  for (const [stream, data] of pieces) out.push(exact.push({ stream, data: typeof data === 'string' ? Buffer.from(data, 'latin1') : data }));
  out.push(exact.end());
  return { out: Buffer.concat(out), lines: exact.lines };
}

test('stdout goes out byte for byte however it was cut: a 70,000-byte line, CR CR LF, invalid UTF-8', () => {
  const long = Buffer.alloc(70_000, 0x61);
  const whole = Buffer.concat([Buffer.from('first\r\r\n'), long, Buffer.from('\n\xff\xfe broken \xe2\x82\n', 'latin1'), Buffer.from('no newline at the end')]);
  for (const cut of [1, 7, 8, 16_384, 16_385, 69_999]) {
    const pieces: Piece[] = [];
    for (let at = 0; at < whole.length; at += cut) pieces.push(['stdout', whole.subarray(at, at + cut)]);
    const { out, lines } = run(pieces);
    assert.ok(out.equals(whole), `cut every ${cut} bytes`);
    assert.equal(lines, 4);
  }
});

test('the pager path marks nothing, and keeps lines whole as well', () => {
  const { out } = run(
    [
      ['stdout', 'out '],
      ['stderr', 'err\n'],
      ['stdout', 'line\n'],
    ],
    { markStderr: false, timestamps: false },
  );
  assert.equal(out.toString('latin1'), 'out line\nerr\n');
});

test('a stderr line is marked, and a line of one stream is never cut by the other', () => {
  const { out, lines } = run([
    ['stdout', 'half '],
    ['stderr', 'oops\nag'],
    ['stdout', 'of a line\r\n'],
    ['stderr', 'ain\n'],
    ['stdout', 'next\n'],
  ]);
  assert.equal(out.toString('latin1'), 'half of a line\r\nstderr oops\nstderr again\nnext\n');
  assert.equal(lines, 4);
});

test('with timestamps the mark goes after the stamp, also when the stamp arrives in pieces', () => {
  const stamp = '2026-12-02T06:02:13.574067132Z';
  const pieces: Piece[] = [
    ['stdout', `${stamp} out\n`],
    ['stderr', stamp.slice(0, 10)],
    ['stderr', `${stamp.slice(10)} err\r\n${stamp} two\n`],
    // No space within the first 40 bytes: no stamp there, the mark goes first and nothing is lost.
    ['stderr', `${'x'.repeat(50)} tail\n`],
    ['stderr', 'short\n'],
  ];
  const { out, lines } = run(pieces, { markStderr: true, timestamps: true });
  assert.equal(out.toString('latin1'), `${stamp} out\n${stamp} stderr err\r\n${stamp} stderr two\nstderr ${'x'.repeat(50)} tail\nstderr short\n`);
  assert.equal(lines, 5);
});

test('the end lets out what waited and counts unterminated lines', () => {
  const { out, lines } = run([
    ['stdout', 'never ends'],
    ['stderr', 'waits\n'],
  ]);
  assert.equal(out.toString('latin1'), 'never endsstderr waits\n');
  assert.equal(lines, 2);
  const stamped = run([['stderr', '2026-12-02T06']], { markStderr: true, timestamps: true });
  assert.equal(stamped.out.toString('latin1'), 'stderr 2026-12-02T06');
  assert.equal(stamped.lines, 1);
});

test('the other stream waits at most QUEUE_BYTES: past that it goes out mid-line rather than be held', () => {
  const exact = new ExactBytes({ markStderr: true, timestamps: false });
  assert.equal(exact.push({ stream: 'stdout', data: Buffer.from('open') }).toString(), 'open');
  assert.equal(exact.push({ stream: 'stderr', data: Buffer.alloc(QUEUE_BYTES - 1, 0x65) }).length, 0, 'held');
  const released = exact.push({ stream: 'stderr', data: Buffer.from('ee\n') });
  assert.equal(released.length, 'stderr '.length + QUEUE_BYTES + 2);
  assert.equal(released.subarray(0, 8).toString(), 'stderr e');
  assert.equal(exact.push({ stream: 'stdout', data: Buffer.from(' closed\n') }).toString(), ' closed\n');
});
