import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interner } from '../../../src/ui/format/intern.ts';

test('an interner gives back the first string object it saw for a text, and starts over past its limit', () => {
  const intern = interner(2);
  const made = (n: number) => `${n} minutes ago`;
  const first = intern(made(6));
  assert.equal(intern(made(6)), first);
  assert.equal(intern(made(7)), made(7));
  // A third distinct text clears it: equal texts still compare equal, whichever copy is kept.
  assert.equal(intern(made(8)), '8 minutes ago');
  assert.equal(intern(made(6)), '6 minutes ago');
});
