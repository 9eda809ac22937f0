/**
 * The tab line (app/tabs.ts, issue 48): at 120 columns the tab names stay beside a short summary,
 * a long summary (a filter) stays whole and the names farthest from the focused tab give way
 * first; nothing is wider than the terminal, and the summary is cut only when no name is left to give.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { displayWidth, sanitizeLine } from '../../src/app/format/index.ts';
import { defaultKeymap } from '../../src/app/keys/keymap.ts';
import { panes } from '../../src/app/panes/index.ts';
import { tabLine, type TabLine } from '../../src/app/tabs.ts';

const drawn = (line: TabLine) => `${line.tabs.map((t) => t.text).join('')}  ${line.summary}`;
const name = (id: string) => {
  const pane = panes.find((p) => p.id === id);
  return `${defaultKeymap.shortLabel(`pane-${id}`)} ${pane?.title ?? ''}`;
};
const namedIds = (line: TabLine) => line.tabs.filter((t) => t.label === name(t.id)).map((t) => t.id);
const FILTER = 'running: 3 · filter "berth-e2e-1234abcd-web"';

test('at 120 columns every tab keeps its name beside a short summary', () => {
  for (const summary of ['running: 3', 'all: 12', '2 networks']) {
    const line = tabLine(defaultKeymap, 'containers', summary, 120);
    assert.deepEqual(namedIds(line), panes.map((p) => p.id), drawn(line));
    assert.equal(line.summary, summary);
    assert.ok(displayWidth(drawn(line)) <= 120, drawn(line));
  }
});

test('at 120 and 80 columns a long summary stays whole: the names farthest from the focused tab give way, each tab keeps its key', () => {
  for (const width of [120, 80]) {
    const line = tabLine(defaultKeymap, 'containers', FILTER, width);
    assert.equal(line.summary, FILTER, `the filter whole at ${width}`);
    assert.ok(displayWidth(drawn(line)) <= width, drawn(line));
    const named = namedIds(line);
    assert.ok(named.includes('containers'), `the focused tab named at ${width}: ${drawn(line)}`);
    if (width === 120) assert.ok(named.includes('images') && named.includes('events'), `the names nearest it too: ${drawn(line)}`);
    assert.ok(!named.includes('actions'), `the farthest gave way first: ${drawn(line)}`);
    for (const t of line.tabs) assert.ok(t.text.includes(defaultKeymap.shortLabel(`pane-${t.id}`)), `${t.id}'s key shown`);
  }
  // From the right end of the tabs, the names on the left give way.
  const incidents = tabLine(defaultKeymap, 'incidents', '4 incidents, 3 not acknowledged', 120);
  assert.equal(incidents.summary, '4 incidents, 3 not acknowledged');
  assert.ok(namedIds(incidents).includes('actions') && namedIds(incidents).includes('incidents') && !namedIds(incidents).includes('containers'), drawn(incidents));
});

test('at 80 columns the names near the focused tab stay beside a short summary', () => {
  const line = tabLine(defaultKeymap, 'containers', 'running: 3', 80);
  assert.equal(line.summary, 'running: 3');
  assert.deepEqual(namedIds(line).slice(0, 3), ['containers', 'images', 'pulls']);
  assert.ok(displayWidth(drawn(line)) <= 80, drawn(line));
});

test('a wide terminal draws the tabs two cells apart; a narrow one cuts the summary only once only the focused tab is named', () => {
  const wide = tabLine(defaultKeymap, 'containers', FILTER, 200);
  assert.ok(wide.tabs.every((t) => t.text === ` ${t.label} `));
  assert.equal(namedIds(wide).length, panes.length);
  const narrow = tabLine(defaultKeymap, 'containers', FILTER, 40);
  assert.deepEqual(namedIds(narrow), ['containers']);
  assert.match(narrow.summary, /^runn.*…$/);
  assert.equal(displayWidth(drawn(narrow)), 40);
});

test('any width and summary: never wider than the terminal once the keys fit, the focused tab always named, the summary whole whenever the keys leave it room', () => {
  const keysOnly = (active: string) => tabLine(defaultKeymap, active, '', 0).tabs.reduce((n, t) => n + displayWidth(t.text), 0);
  fc.assert(
    fc.property(fc.integer({ min: 30, max: 240 }), fc.string({ maxLength: 90 }), fc.constantFrom(...panes.map((p) => p.id)), (width, text, active) => {
      const summary = text.replace(/[^\x20-\x7e]/g, 'x');
      const line = tabLine(defaultKeymap, active, summary, width);
      assert.ok(namedIds(line).includes(active));
      if (keysOnly(active) + 2 <= width) assert.ok(displayWidth(drawn(line)) <= width);
      if (keysOnly(active) + 2 + summary.length <= width) assert.equal(line.summary, summary);
    }),
  );
});

test('the summary is drawn sanitised, as it is measured: a control character out, an Indic conjunct taken apart', () => {
  const summary = 'running: 1 · filter "नमस्ते\u001b[2J"';
  const line = tabLine(defaultKeymap, 'containers', summary, 120);
  assert.equal(line.summary, sanitizeLine(summary));
  assert.doesNotMatch(line.summary, /\u001b/);
  assert.ok(line.summary.includes('\u094d\u200c'), 'a ZWNJ after the virama');
  assert.ok(displayWidth(drawn(line)) <= 120);
});
