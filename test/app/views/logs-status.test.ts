import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { historyStatus } from '../../../src/app/views/logs-status.ts';

const keys = { up: '↑', down: '↓' };

void describe('the logs status line', () => {
  void it('says what is loaded and that older lines are one ↑ away', () => {
    assert.equal(historyStatus(18_200, { older: true, newer: false }, keys), '18,200 lines loaded · older on ↑');
  });

  void it('gives the place and the total once a pass has counted', () => {
    assert.equal(historyStatus(2000, { older: false, newer: true, offset: 0, counted: 200_000 }, keys), 'lines 1–2,000 of 200,000 loaded · newer on ↓');
  });

  void it('says a whole-history search is reading, and that Esc stops it', () => {
    const text = historyStatus(500, { older: true, newer: false, search: { query: 'a\u001b[2J', scanned: 120_000, found: 3, done: false } }, keys);
    assert.match(text, /searching… 120,000 lines read, 3 found \(Esc stops\)/);
    const done = historyStatus(500, { older: true, newer: false, search: { query: 'a\u001b[2J', scanned: 200_000, found: 3, done: true } }, keys);
    assert.ok(!done.includes('\u001b'), 'engine and user text is sanitised');
  });

  void it('a set without a history says only its lines', () => {
    assert.equal(historyStatus(1, undefined, keys), '1 line');
  });
});
