import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnswerBuffers } from '../../src/engine/answer-buffers.ts';

test('answers are read by turns into two buffers: the kept one is never written, the other is reused', () => {
  const buffers = new AnswerBuffers();
  const first = buffers.take(1000);
  first.fill(1);
  buffers.keep(first);
  const second = buffers.take(1000);
  assert.notEqual(second.buffer, first.buffer, 'not the kept one');
  second.fill(2);
  buffers.keep(second);
  const third = buffers.take(900);
  assert.equal(third.buffer, first.buffer, 'the one before last, again');
  assert.equal(third.length, 900);
  assert.ok(second.every((b) => b === 2), 'the kept answer is intact');
  // The same answer as the kept one: not needed, so the next read reuses it.
  buffers.release(third);
  assert.equal(buffers.take(1000).buffer, first.buffer);
});

test('a read while the free buffer is lent out, or that needs more room, gets a new buffer', () => {
  const buffers = new AnswerBuffers();
  const a = buffers.take(10);
  buffers.release(a);
  const lent = buffers.take(10);
  assert.equal(lent.buffer, a.buffer);
  const meanwhile = buffers.take(10);
  assert.notEqual(meanwhile.buffer, lent.buffer, 'two answers read at once never share');
  buffers.release(lent);
  const larger = buffers.take(lent.buffer.byteLength + 1);
  assert.notEqual(larger.buffer, lent.buffer);
  assert.ok(larger.buffer.byteLength > larger.length, 'with room to grow');
});

test("a Buffer that did not come from take is never adopted (it may share its memory with others')", () => {
  const buffers = new AnswerBuffers();
  const foreign = Buffer.from('[1,2,3]'); // from Node's shared pool
  buffers.keep(foreign);
  buffers.release(foreign);
  assert.notEqual(buffers.take(7).buffer, foreign.buffer);
});
