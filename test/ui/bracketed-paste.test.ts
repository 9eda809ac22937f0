import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Key } from 'ink';
import { PasteCollector, type PasteStep } from '../../src/ui/keys/bracketed-paste.ts';
import { plainKey } from '../../src/ui/keys/key-name.ts';
import { editField } from '../../src/state/input/field.ts';

function feedAll(collector: PasteCollector, events: Array<[string, Partial<Key>?]>): PasteStep[] {
  return events.map(([input, key]) => collector.feed(input, { ...plainKey, ...key }));
}

test('keys outside a paste pass through; a paste is held until its end marker, then handed over whole', () => {
  const steps = feedAll(new PasteCollector(), [
    ['q'],
    ['[200~'],
    ['echo one'],
    ['', { return: true }], // Ink names a lone "\r" Enter, even inside a paste
    ['echo two\r'],
    ['', { tab: true }],
    ['[201~'],
    ['j'],
  ]);
  assert.deepEqual(steps, [
    { type: 'key' },
    { type: 'held' },
    { type: 'held' },
    { type: 'held' },
    { type: 'held' },
    { type: 'held' },
    { type: 'paste', text: 'echo one\recho two\r\t' },
    { type: 'key' },
  ]);
});

test('an end marker outside a paste, or a marker typed with a modifier, is an ordinary key', () => {
  const collector = new PasteCollector();
  assert.deepEqual(collector.feed('[201~', plainKey), { type: 'key' });
  assert.deepEqual(collector.feed('[200~', { ...plainKey, meta: true }), { type: 'key' });
});

test('controls inside a paste (Ctrl-C, Esc) are dropped rather than acted on', () => {
  const steps = feedAll(new PasteCollector(), [['[200~'], ['c', { ctrl: true }], ['', { escape: true }], ['ok'], ['[201~']]);
  assert.deepEqual(steps.at(-1), { type: 'paste', text: 'ok' });
});

test('a runaway paste stops growing at 64 KiB', () => {
  const collector = new PasteCollector();
  collector.feed('[200~', plainKey);
  for (let i = 0; i < 100; i++) collector.feed('x'.repeat(1024), plainKey);
  const end = collector.feed('[201~', plainKey);
  assert.equal(end.type === 'paste' ? end.text.length : -1, 64 * 1024);
});

test('a pasted line lands in a field as text: the trailing newline dropped, inner breaks as spaces', () => {
  const field = editField({ value: 'x ', cursor: 2 }, { name: 'paste', input: 'echo one\recho two\r\n', key: plainKey });
  assert.deepEqual(field, { value: 'x echo one echo two', cursor: 19 });
});
