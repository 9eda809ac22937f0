import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitParts, wrapParts, type LinePart } from '../../../src/app/format/line-parts.ts';

const parts: Array<LinePart & { name: string }> = [
  { name: 'brand', forms: ['berth'], priority: 4 },
  { name: 'where', forms: ['unix:///var/run/docker.sock', 'docker.sock'], priority: 8 },
  { name: 'engine', forms: ['engine 20.10.24'], priority: 9 },
  { name: 'state', forms: ['● live'], priority: 0 },
  { name: 'counts', forms: ['3/5 containers · 2 images', '3/5 containers'], priority: 1, gap: '  ' },
  { name: 'clock', forms: ['updated 12:00:00', '12:00:00'], priority: 7 },
];

const line = (width: number) =>
  fitParts(parts, width)
    .map((p) => p.gapText + p.text)
    .join('');

test('parts give way from the highest priority number: shortened first, then dropped', () => {
  const cases: Array<[number, string]> = [
    [200, 'berth · unix:///var/run/docker.sock · engine 20.10.24 · ● live  3/5 containers · 2 images · updated 12:00:00'],
    [90, 'berth · unix:///var/run/docker.sock · ● live  3/5 containers · 2 images · updated 12:00:00'],
    [75, 'berth · docker.sock · ● live  3/5 containers · 2 images · updated 12:00:00'],
    [60, 'berth · ● live  3/5 containers · 2 images · updated 12:00:00'],
    [52, 'berth · ● live  3/5 containers · 2 images · 12:00:00'],
    [41, 'berth · ● live  3/5 containers · 2 images'],
    [33, '● live  3/5 containers · 2 images'],
    [22, '● live  3/5 containers'],
    [10, '● live'],
    [3, '● live'], // what must stay stays; the caller cuts the line
  ];
  for (const [width, expected] of cases) {
    assert.equal(line(width), expected, `at ${width}`);
    if (width >= 6) assert.ok(line(width).length <= width, `within ${width}`);
  }
});

test('a part may give up its full form early and its short one late', () => {
  const stepped: LinePart[] = [
    { forms: ['docker 20.10.24', 'docker'], priority: [9, 3] },
    { forms: ['updated 12:00:00'], priority: 5 },
    { forms: ['● live'], priority: 0 },
  ];
  const at = (width: number) =>
    fitParts(stepped, width)
      .map((p) => p.gapText + p.text)
      .join('');
  assert.equal(at(50), 'docker 20.10.24 · updated 12:00:00 · ● live');
  assert.equal(at(35), 'docker · updated 12:00:00 · ● live');
  assert.equal(at(20), 'docker · ● live');
  assert.equal(at(10), '● live');
});

test('the first kept part has no gap; kept parts keep their own fields', () => {
  const fitted = fitParts(parts, 33);
  assert.deepEqual(
    fitted.map((p) => [p.name, p.gapText]),
    [
      ['state', ''],
      ['counts', '  '],
    ],
  );
  assert.deepEqual(fitParts([], 10), []);
  assert.deepEqual(fitParts([{ forms: [], priority: 3 }], 10), []);
});

test('hints wrap between parts, never inside one', () => {
  const hint = 'Enter remove · Space toggles · Tab/Shift-Tab option · Esc cancel'.split(' · ');
  assert.deepEqual(wrapParts(hint, 80), ['Enter remove · Space toggles · Tab/Shift-Tab option · Esc cancel']);
  assert.deepEqual(wrapParts(hint, 56), ['Enter remove · Space toggles · Tab/Shift-Tab option', 'Esc cancel']);
  assert.deepEqual(wrapParts(hint, 30), ['Enter remove · Space toggles', 'Tab/Shift-Tab option', 'Esc cancel']);
  assert.deepEqual(wrapParts(hint, 5), ['Enter remove', 'Space toggles', 'Tab/Shift-Tab option', 'Esc cancel']);
  assert.deepEqual(wrapParts([], 10), []);
});
