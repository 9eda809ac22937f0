/**
 * memoRecent (rows/memo.ts): all ↔ running and back gets the array it had; a new list drops the
 * results over the old one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoRecent } from '../../../src/app/rows/memo.ts';

test('the last two calls over the same list are kept; a third call pushes out the one used least lately', () => {
  let made = 0;
  const select = memoRecent(2, (list: readonly number[], all: boolean, filter: string) => {
    made++;
    return list.filter((n) => (all || n % 2 === 0) && String(n).includes(filter));
  });
  const list = [1, 2, 3, 4];
  const all = select(list, true, '');
  const running = select(list, false, '');
  assert.equal(made, 2);
  assert.equal(select(list, true, ''), all, 'back to all: the same array');
  assert.equal(select(list, false, ''), running, 'and back to running');
  assert.equal(made, 2);
  select(list, true, '3');
  assert.equal(made, 3);
  assert.equal(select(list, false, ''), running, 'used last before the filter: kept');
  assert.equal(made, 3);
  assert.notEqual(select(list, true, ''), all, 'used before it: pushed out by the filter');
  assert.equal(made, 4);
});

test('a new list drops every result over the old one', () => {
  let made = 0;
  const select = memoRecent(2, (list: readonly number[], all: boolean) => {
    made++;
    return all ? [...list] : list.slice(0, 1);
  });
  const first = [1, 2];
  const all = select(first, true);
  select(first, false);
  select([3, 4], true);
  assert.equal(made, 3);
  assert.notEqual(select(first, true), all, 'the old list’s result was not kept beside the new one');
  assert.equal(made, 4);
});
