import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import fc from 'fast-check';

import { DEFAULT_LOG_CAPACITY, LogBuffer } from '../../../src/state/logs/log-buffer.ts';
import type { LogLine } from '../../../src/state/logs/types.ts';

const line = (text: string, timeMs?: number): LogLine =>
  timeMs === undefined ? { stream: 'stdout', text } : { stream: 'stdout', text, timeMs };
const lines = (...names: string[]): LogLine[] => names.map((n) => line(n));
const texts = (ls: readonly LogLine[]): string[] => ls.map((l) => l.text);

void describe('LogBuffer', () => {
  void it('defaults to 10,000 lines', () => {
    assert.equal(DEFAULT_LOG_CAPACITY, 10_000);
    assert.equal(new LogBuffer().capacity, 10_000);
  });

  void it('rejects a nonsensical capacity', () => {
    assert.throws(() => new LogBuffer(0), RangeError);
    assert.throws(() => new LogBuffer(2.5), RangeError);
    assert.throws(() => new LogBuffer(Number.POSITIVE_INFINITY), RangeError);
  });

  void it('appends in order until full, then keeps the newest', () => {
    const buffer = new LogBuffer(3);
    assert.equal(buffer.append(lines('a', 'b')), 0);
    assert.deepEqual(texts(buffer.slice()), ['a', 'b']);
    assert.equal(buffer.append(lines('c', 'd')), 1);
    assert.deepEqual(texts(buffer.slice()), ['b', 'c', 'd']);
    assert.equal(buffer.append(lines('e')), 1);
    assert.deepEqual(texts(buffer.slice()), ['c', 'd', 'e']);
    assert.equal(buffer.length, 3);
    assert.equal(buffer.dropped, 2);
  });

  void it('counts lines of a batch larger than the capacity as dropped', () => {
    const buffer = new LogBuffer(3);
    buffer.append(lines('a'));
    assert.equal(buffer.append(lines('b', 'c', 'd', 'e', 'f')), 3);
    assert.deepEqual(texts(buffer.slice()), ['d', 'e', 'f']);
    assert.equal(buffer.dropped, 3);
  });

  void it('indexes from the oldest kept line, across the wrap', () => {
    const buffer = new LogBuffer(3);
    buffer.append(lines('a', 'b', 'c', 'd'));
    assert.equal(buffer.at(0)?.text, 'b');
    assert.equal(buffer.at(2)?.text, 'd');
    assert.equal(buffer.at(3), undefined);
    assert.equal(buffer.at(-1), undefined);
    assert.equal(buffer.at(0.5), undefined);
  });

  void it('slices like Array.prototype.slice', () => {
    const buffer = new LogBuffer(4);
    buffer.append(lines('a', 'b', 'c', 'd', 'e', 'f'));
    const model = ['c', 'd', 'e', 'f'];
    const cases: Array<[number | undefined, number | undefined]> = [
      [undefined, undefined], [1, undefined], [1, 3], [-2, undefined], [0, -1], [3, 1], [-10, 10], [4, 4],
    ];
    for (const [start, end] of cases) {
      assert.deepEqual(texts(buffer.slice(start, end)), model.slice(start, end), `slice(${start}, ${end})`);
    }
  });

  void it('bumps version on every change and only then', () => {
    const buffer = new LogBuffer(2);
    const v0 = buffer.version;
    buffer.append([]);
    assert.equal(buffer.version, v0);
    buffer.append(lines('a'));
    assert.equal(buffer.version, v0 + 1);
    buffer.append(lines('b', 'c'));
    assert.equal(buffer.version, v0 + 2);
    buffer.clear();
    assert.equal(buffer.version, v0 + 3);
    buffer.clear();
    assert.equal(buffer.version, v0 + 3);
  });

  void it('clear empties the buffer but keeps dropped and lastTimeMs', () => {
    const buffer = new LogBuffer(2);
    buffer.append([line('a', 5), line('b', 7), line('c', 6)]);
    buffer.clear();
    assert.equal(buffer.length, 0);
    assert.deepEqual(buffer.slice(), []);
    assert.equal(buffer.dropped, 1);
    assert.equal(buffer.lastTimeMs, 7);
    buffer.append(lines('d', 'e', 'f'));
    assert.deepEqual(texts(buffer.slice()), ['e', 'f']);
  });

  void it('tracks the newest timestamp seen, ignoring untimed lines', () => {
    const buffer = new LogBuffer(10);
    assert.equal(buffer.lastTimeMs, undefined);
    buffer.append([line('a')]);
    assert.equal(buffer.lastTimeMs, undefined);
    buffer.append([line('b', 100), line('c'), line('d', 90)]);
    assert.equal(buffer.lastTimeMs, 100);
  });

  void it('appendAfter drops lines at or before the given time, keeping untimed ones', () => {
    const buffer = new LogBuffer(10);
    buffer.append([line('old', 100)]);
    buffer.appendAfter([line('dup1', 99), line('dup2', 100), line('plain'), line('new', 101)], 100);
    assert.deepEqual(texts(buffer.slice()), ['old', 'plain', 'new']);
    assert.equal(buffer.lastTimeMs, 101);
  });

  void it('matches an unbounded array model under random operations', () => {
    type Op =
      | { kind: 'append'; batch: Array<number | null> }
      | { kind: 'appendAfter'; batch: Array<number | null>; since: number }
      | { kind: 'clear' };
    const batch = fc.array(fc.option(fc.integer({ min: 0, max: 50 })), { maxLength: 12 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 6, arbitrary: batch.map((b) => ({ kind: 'append' as const, batch: b })) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('appendAfter' as const), batch, since: fc.integer({ min: 0, max: 50 }) }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
    );

    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(op, { maxLength: 40 }), (capacity, ops) => {
        const buffer = new LogBuffer(capacity);
        let model: LogLine[] = [];
        let dropped = 0;
        let lastTimeMs: number | undefined;
        let serial = 0;

        for (const o of ops) {
          if (o.kind === 'clear') {
            const before = buffer.version;
            buffer.clear();
            assert.equal(buffer.version, model.length > 0 ? before + 1 : before);
            model = [];
            continue;
          }
          let incoming = o.batch.map((t) => line(`#${serial++}`, t ?? undefined));
          const before = buffer.version;
          const evicted = o.kind === 'append' ? buffer.append(incoming) : buffer.appendAfter(incoming, o.since);
          if (o.kind === 'appendAfter') {
            const since = o.since;
            incoming = incoming.filter((l) => l.timeMs === undefined || l.timeMs > since);
          }
          for (const l of incoming) {
            if (l.timeMs !== undefined && (lastTimeMs === undefined || l.timeMs > lastTimeMs)) lastTimeMs = l.timeMs;
          }
          model.push(...incoming);
          const over = Math.max(0, model.length - capacity);
          model = model.slice(over);
          dropped += over;

          assert.equal(evicted, over);
          assert.equal(buffer.version, incoming.length > 0 ? before + 1 : before);
          assert.ok(buffer.length <= capacity);
          assert.equal(buffer.length, model.length);
          assert.equal(buffer.dropped, dropped);
          assert.equal(buffer.lastTimeMs, lastTimeMs);
          assert.deepEqual(buffer.slice(), model);
          for (let i = 0; i < model.length; i++) assert.equal(buffer.at(i), model[i]);
        }
      }),
      { numRuns: 500 },
    );
  });

  void it('slices like Array.prototype.slice for any bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.nat(15), fc.integer({ min: -10, max: 10 }), fc.integer({ min: -10, max: 10 }), (capacity, n, start, end) => {
        const buffer = new LogBuffer(capacity);
        const all = Array.from({ length: n }, (_, i) => line(String(i)));
        buffer.append(all);
        const model = all.slice(-capacity);
        assert.deepEqual(buffer.slice(start, end), model.slice(start, end));
      }),
    );
  });
});

void describe('LogBuffer.prepend', () => {
  void it('puts older lines first and pushes the newest out when full', () => {
    const buffer = new LogBuffer(4);
    buffer.append(lines('c', 'd', 'e'));
    assert.equal(buffer.prepend(lines('a', 'b')), 1);
    assert.deepEqual(texts(buffer.slice()), ['a', 'b', 'c', 'd']);
    assert.equal(buffer.prepended, 2);
    assert.equal(buffer.droppedBack, 1);
    // Appending after a prepend still evicts from the front.
    assert.equal(buffer.append(lines('f')), 1);
    assert.deepEqual(texts(buffer.slice()), ['b', 'c', 'd', 'f']);
  });

  void it('of a batch larger than the capacity keeps its newest lines (the newest held go first)', () => {
    const buffer = new LogBuffer(3);
    buffer.append(lines('z'));
    assert.equal(buffer.prepend(lines('a', 'b', 'c', 'd')), 2);
    assert.deepEqual(texts(buffer.slice()), ['b', 'c', 'd']);
  });

  void it('clear moves the epoch on', () => {
    const buffer = new LogBuffer(3);
    const epoch = buffer.epoch;
    buffer.clear();
    assert.equal(buffer.epoch, epoch + 1);
  });
});
