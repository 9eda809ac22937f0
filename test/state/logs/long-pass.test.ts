/**
 * A whole log read (state/logs/long-pass.ts): the process glue's hooks (the optimising compiler
 * on while it lasts: tuning/lean-compilers.ts) begin with the pass and end once it settles, whether
 * it ends, fails or is stopped; a search of the whole history and a save are such passes.
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { LogChunk } from '../../../src/engine/streams/multiplexed.ts';
import { LogBuffer } from '../../../src/state/logs/log-buffer.ts';
import { LogHistory, type HistoryHost } from '../../../src/state/logs/log-history.ts';
import { longPass, setLongPassHooks } from '../../../src/state/logs/long-pass.ts';
import type { ReadLogs } from '../../../src/state/logs/log-reader.ts';

const calls: string[] = [];
const hooks = { begin: () => calls.push('begin'), end: () => calls.push('end') };

afterEach(() => {
  setLongPassHooks(undefined);
  calls.length = 0;
});

test('a pass begins the hooks at once and ends them once it settles, fulfilled or rejected', async () => {
  setLongPassHooks(hooks);
  let finish!: (n: number) => void;
  const pass = longPass(new Promise<number>((resolve) => (finish = resolve)));
  assert.deepEqual(calls, ['begin']);
  finish(3);
  assert.equal(await pass, 3);
  assert.deepEqual(calls, ['begin', 'end']);
  await assert.rejects(longPass(Promise.reject(new Error('the engine went away'))), /went away/);
  assert.deepEqual(calls, ['begin', 'end', 'begin', 'end']);
});

test('without hooks a pass is the promise it was given', () => {
  const pass = Promise.resolve(1);
  assert.equal(longPass(pass), pass);
  assert.deepEqual(calls, []);
});

test('a whole-history search and a save are long passes; paging is not', async () => {
  setLongPassHooks(hooks);
  const time = (n: number) => `2026-11-26T10:00:${String(n).padStart(2, '0')}.000000000Z`;
  const logs: ReadLogs = async function* () {
    const chunk: LogChunk = { stream: 'stdout', data: Buffer.from(Array.from({ length: 10 }, (_, i) => `${time(i + 1)} line ${i + 1}\n`).join('')) };
    yield chunk;
  };
  let counted!: () => void;
  const done = new Promise<void>((resolve) => (counted = resolve));
  const host: HistoryHost = { buffer: new LogBuffer(100), logs, id: 'c', tty: () => false, detach: () => undefined, follow: () => undefined, reopen: () => undefined, changed: (info) => info.counted !== undefined && counted() };
  const history = new LogHistory(host);
  history.search('line 3', (text) => text.includes('line 3'));
  assert.deepEqual(calls, ['begin'], 'the search began one');
  await done;
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(calls, ['begin', 'end'], 'and ended it with its count');
  await history.readBytes(() => true, { timestamps: false, signal: new AbortController().signal });
  assert.deepEqual(calls, ['begin', 'end', 'begin', 'end'], 'a save is one too');
  history.mayHaveOlder();
  history.first();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(calls, ['begin', 'end', 'begin', 'end'], 'g reads a page, not the whole log');
});
