import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { dropColumns, wrapColumns } from '../../../src/app/format/long-lines.ts';

void describe('long log lines', () => {
  void it('wrap into rows of the width, never splitting a wide character', () => {
    assert.deepEqual(wrapColumns('abcdefg', 3), ['abc', 'def', 'g']);
    assert.deepEqual(wrapColumns('', 3), ['']);
    assert.deepEqual(wrapColumns('a界b', 2), ['a', '界', 'b']);
  });

  void it('scroll sideways by cells, and are sanitised first', () => {
    assert.equal(dropColumns('abcdef', 2), 'cdef');
    assert.equal(dropColumns('abc', 10), '');
    assert.equal(dropColumns('界界x', 1), '界x', 'a wide character straddling the edge goes whole');
    assert.ok(!wrapColumns('a\u001b[2Jb', 10).join('').includes('\u001b'));
  });
});
