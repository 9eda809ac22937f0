import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnswerMemo, type ListParser } from '../../src/engine/answer-memo.ts';

interface Item {
  Id: string;
  Status: string;
  Ports?: Array<{ PrivatePort: number }>;
}

/** A parser that counts what it parses: whole answers, and entries by Id. */
function counting(): ListParser<Item> & { wholes: number; entries: string[] } {
  const parser = {
    wholes: 0,
    entries: [] as string[],
    whole: () => [],
    entry(json: string) {
      const item = JSON.parse(json) as Item;
      parser.entries.push(item.Id);
      return item.Id === 'bad' ? undefined : item;
    },
  };
  parser.whole = () => {
    parser.wholes++;
    return [];
  };
  return parser;
}

const answer = (...items: unknown[]) => Buffer.from(JSON.stringify(items));

test('identical bytes under the same key give the previous value without parsing again', () => {
  const memo = new AnswerMemo<Item>();
  const parser = counting();
  const a = memo.resolve('q', answer({ Id: 'a', Status: 'Up' }, { Id: 'b', Status: 'Up' }), parser);
  const b = memo.resolve('q', answer({ Id: 'a', Status: 'Up' }, { Id: 'b', Status: 'Up' }), parser);
  assert.equal(a, b);
  assert.deepEqual(parser.entries, ['a', 'b']);
  assert.ok(Object.isFrozen(a), 'shared, so nobody may sort it in place');
  assert.throws(() => (a as Item[]).sort());
});

test('of a changed answer only the changed entries are parsed; unchanged ones are the previous objects, wherever they now are', () => {
  const memo = new AnswerMemo<Item>();
  const parser = counting();
  const first = memo.resolve('q', answer({ Id: 'a', Status: 'Up 1 minute', Ports: [{ PrivatePort: 80 }] }, { Id: 'b', Status: 'Exited (0)' }), parser);
  parser.entries.length = 0;
  const second = memo.resolve('q', answer({ Id: 'c', Status: 'Created' }, { Id: 'a', Status: 'Up 1 minute', Ports: [{ PrivatePort: 80 }] }, { Id: 'b', Status: 'Exited (1)' }), parser);
  assert.deepEqual(parser.entries, ['c', 'b'], 'the new and the changed entry only');
  assert.notEqual(second, first);
  assert.equal(second[1], first[0], 'unchanged: the very same object');
  assert.notEqual(second[2], first[1], 'changed: the new object');
  assert.equal(second[2]?.Status, 'Exited (1)');
  assert.deepEqual(second.map((i) => i.Id), ['c', 'a', 'b'], "the answer's order");
  assert.equal(parser.wholes, 0);
});

test('an entry whose bytes differ but whose value is the same (spacing) is the previous object', () => {
  const memo = new AnswerMemo<Item>();
  const parser = counting();
  const first = memo.resolve('q', Buffer.from('[{"Id":"a","Status":"Up"}]'), parser);
  const second = memo.resolve('q', Buffer.from('[ {"Id": "a", "Status": "Up"} ]'), parser);
  assert.notEqual(second, first);
  assert.equal(second[0], first[0]);
});

test('under another query nothing is reused, and only the latest answer is remembered', () => {
  const memo = new AnswerMemo<Item>();
  const parser = counting();
  const q = memo.resolve('q', answer({ Id: 'a', Status: 'Up' }), parser);
  const other = memo.resolve('other', answer({ Id: 'a', Status: 'Up' }), parser);
  assert.notEqual(other[0], q[0]);
  assert.equal(memo.resolve('other', answer({ Id: 'a', Status: 'Up' }), parser), other);
  parser.entries.length = 0;
  memo.resolve('q', answer({ Id: 'a', Status: 'Up' }), parser);
  assert.deepEqual(parser.entries, ['a'], 'going back to an older query parses again');
});

test('entries the parser drops stay dropped while unchanged, without being parsed again', () => {
  const memo = new AnswerMemo<Item>();
  const parser = counting();
  const first = memo.resolve('q', answer({ Id: 'bad', Status: 'x' }, { Id: 'a', Status: 'Up' }), parser);
  assert.deepEqual(first.map((i) => i.Id), ['a']);
  parser.entries.length = 0;
  const second = memo.resolve('q', answer({ Id: 'bad', Status: 'x' }, { Id: 'a', Status: 'Up 2' }), parser);
  assert.deepEqual(second.map((i) => i.Id), ['a']);
  assert.deepEqual(parser.entries, ['a']);
});

test('an answer that is not a well-formed array is made whole (which reports it), and a failure remembers nothing', () => {
  const memo = new AnswerMemo<Item>();
  const parser = counting();
  const first = memo.resolve('q', answer({ Id: 'a', Status: 'Up' }), parser);
  for (const text of ['{"message":"not a list"}', '[{"Id":"a",}]', '[{"Id":"a"} {"Id":"b"}]']) {
    memo.resolve('q', Buffer.from(text), parser);
  }
  assert.equal(parser.wholes, 3);
  const failing: ListParser<Item> = {
    whole: () => {
      throw new Error('malformed');
    },
    entry: () => {
      throw new Error('malformed');
    },
  };
  memo.resolve('q', answer({ Id: 'a', Status: 'Up' }), parser);
  assert.throws(() => memo.resolve('q', Buffer.from('[oops]'), failing), /malformed/);
  assert.equal(memo.resolve('q', answer({ Id: 'a', Status: 'Up' }), parser)[0]?.Id, first[0]?.Id);
});

test('after a failed answer nothing is reused: the next is parsed whole, entry by entry', () => {
  const memo = new AnswerMemo<Item>();
  const parser = counting();
  memo.resolve('q', answer({ Id: 'a', Status: 'Up' }, { Id: 'b', Status: 'Up' }), parser);
  const failing: ListParser<Item> = { whole: () => { throw new Error('malformed'); }, entry: () => { throw new Error('malformed'); } };
  assert.throws(() => memo.resolve('q', answer({ Id: 'a', Status: 'Up' }, { Id: 'b', Status: 'Down' }), failing));
  parser.entries.length = 0;
  memo.resolve('q', answer({ Id: 'a', Status: 'Up' }, { Id: 'b', Status: 'Up' }), parser);
  assert.deepEqual(parser.entries, ['a', 'b']);
});

test('three answers in a row: an entry unchanged across all of them is parsed once', () => {
  const memo = new AnswerMemo<Item>();
  const parser = counting();
  const first = memo.resolve('q', answer({ Id: 'a', Status: 'Up' }, { Id: 'b', Status: '1' }), parser);
  memo.resolve('q', answer({ Id: 'a', Status: 'Up' }, { Id: 'b', Status: '2' }), parser);
  const third = memo.resolve('q', answer({ Id: 'b', Status: '3' }, { Id: 'a', Status: 'Up' }), parser);
  assert.deepEqual(parser.entries, ['a', 'b', 'b', 'b']);
  assert.equal(third[1], first[0]);
});

test('an engine-shaped answer whose elements hold Id-first objects of their own is still read right (whole)', () => {
  const memo = new AnswerMemo<Item>();
  const plain = (text: string): ListParser<Item> => ({ whole: () => JSON.parse(text) as Item[], entry: (json) => JSON.parse(json) as Item });
  const text = '[{"Id":"a","Status":"Up","Tasks":[{"Id":"t1"},{"Id":"t2"}]},{"Id":"b","Status":"Up"}]';
  assert.deepEqual(memo.resolve('q', Buffer.from(text), plain(text)), JSON.parse(text));
  const next = text.replace('"Status":"Up"}]', '"Status":"Down"}]');
  assert.deepEqual(memo.resolve('q', Buffer.from(next), plain(next)), JSON.parse(next));
});

test('with a volatile field, an entry changed only in its value keeps its other fields unparsed; any other change, or that field nested too, is parsed', () => {
  const memo = new AnswerMemo<Item & { Labels?: Record<string, string> }>();
  const parser = { ...counting(), volatile: 'Status' };
  const young = (seconds: number, port = 80) => ({ Id: 'a', Status: `Up ${seconds} seconds`, Ports: [{ PrivatePort: port }] });
  const first = memo.resolve('q', answer(young(26), { Id: 'b', Status: 'Up 9 seconds', Labels: { Status: 'Up 9 seconds' } }), parser);
  parser.entries.length = 0;
  const second = memo.resolve('q', answer(young(36), { Id: 'b', Status: 'Up 19 seconds', Labels: { Status: 'Up 9 seconds' } }), parser);
  assert.deepEqual(parser.entries, ['b'], 'a second "Status" inside the element: parsed, not guessed');
  assert.deepEqual(second[0], young(36));
  assert.notEqual(second[0], first[0], 'a new entry: its Status is another');
  assert.equal(second[0]?.Ports, first[0]?.Ports, 'its other fields the very same objects');
  assert.equal(second[1]?.Status, 'Up 19 seconds');
  parser.entries.length = 0;
  const third = memo.resolve('q', answer(young(46, 81), { Id: 'b', Status: 'Up 29 seconds', Labels: { Status: 'Up 9 seconds' } }), parser);
  assert.deepEqual(parser.entries, ['a', 'b'], 'a port changed as well: parsed');
  assert.deepEqual(third[0], young(46, 81));
  parser.entries.length = 0;
  const escaped = memo.resolve('q', answer({ ...young(56, 81), Status: 'Up "56" seconds' }, { Id: 'b', Status: 'Up 29 seconds', Labels: { Status: 'Up 9 seconds' } }), parser);
  assert.deepEqual(parser.entries, ['a'], 'an escape in the value: left to JSON.parse');
  assert.equal(escaped[0]?.Status, 'Up "56" seconds');
  assert.equal(escaped[1], third[1], 'unchanged: the very same object');
});
