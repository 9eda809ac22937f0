import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnswerMemo } from '../../src/engine/answer-memo.ts';

test('identical bytes under the same key give the previous value without parsing again', () => {
  const memo = new AnswerMemo<number>();
  let made = 0;
  const make = () => {
    made++;
    return [1, 2, 3];
  };
  const a = memo.resolve('q', Buffer.from('[1,2,3]'), make);
  const b = memo.resolve('q', Buffer.from('[1,2,3]'), make);
  assert.equal(a, b);
  assert.equal(made, 1);
  assert.ok(Object.isFrozen(a), 'shared, so nobody may sort it in place');
  assert.throws(() => (a as number[]).sort());
});

test('other bytes or another key make a new value, which is then the one remembered', () => {
  const memo = new AnswerMemo<string>();
  const a = memo.resolve('q', Buffer.from('a'), () => ['a']);
  const b = memo.resolve('q', Buffer.from('b'), () => ['b']);
  assert.notEqual(a, b);
  assert.deepEqual(b, ['b']);
  const c = memo.resolve('other', Buffer.from('b'), () => ['b']);
  assert.notEqual(c, b);
  assert.equal(memo.resolve('other', Buffer.from('b'), () => ['never']), c);
  // Only the latest answer is kept: going back to an older one parses again.
  assert.deepEqual(memo.resolve('q', Buffer.from('a'), () => ['a again']), ['a again']);
});

test('a failing parse remembers nothing', () => {
  const memo = new AnswerMemo<number>();
  const first = memo.resolve('q', Buffer.from('[1]'), () => [1]);
  assert.throws(() => memo.resolve('q', Buffer.from('oops'), () => {
    throw new Error('malformed');
  }));
  assert.equal(memo.resolve('q', Buffer.from('[1]'), () => [9]), first);
});

test('with an identity, entries equal to the previous answer’s are the previous objects; changed ones are new', () => {
  interface Item {
    Id: string;
    Status: string;
    Ports?: Array<{ PrivatePort: number }>;
  }
  const memo = new AnswerMemo<Item>((item) => item.Id);
  const first = memo.resolve('q', Buffer.from('1'), () => [
    { Id: 'a', Status: 'Up 1 minute', Ports: [{ PrivatePort: 80 }] },
    { Id: 'b', Status: 'Exited (0)' },
  ]);
  const second = memo.resolve('q', Buffer.from('2'), () => [
    { Id: 'c', Status: 'Created' },
    { Id: 'a', Status: 'Up 1 minute', Ports: [{ PrivatePort: 80 }] },
    { Id: 'b', Status: 'Exited (1)' },
  ]);
  assert.notEqual(second, first);
  assert.equal(second[1], first[0], 'unchanged: the very same object, wherever it now is');
  assert.notEqual(second[2], first[1], 'changed: the new object');
  assert.equal(second[2]?.Status, 'Exited (1)');
  // Under another query nothing is reused: those are other lists.
  const other = memo.resolve('other', Buffer.from('2'), () => [{ Id: 'a', Status: 'Up 1 minute', Ports: [{ PrivatePort: 80 }] }]);
  assert.notEqual(other[0], second[1]);
});
