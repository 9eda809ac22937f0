/**
 * `g` (state/logs/log-history.ts `first`): the first page of the log is in the window as soon as a
 * screen's worth of it has been read, while the engine still sends the rest; the rest follows
 * into the same window without moving the place, and the page ends where it did before.
 * A log source of the test's own feeds timestamped lines in two chunks, holding the second until
 * the test has seen the first lines.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LogChunk } from '../../../src/engine/streams/multiplexed.ts';
import { LogBuffer } from '../../../src/state/logs/log-buffer.ts';
import { LogHistory, PAGE_LINES, type HistoryHost, type LogHistoryInfo } from '../../../src/state/logs/log-history.ts';
import type { ReadLogs } from '../../../src/state/logs/log-reader.ts';

const line = (n: number) => `2026-11-26T10:00:${String(Math.floor(n / 1000) % 60).padStart(2, '0')}.${String(n % 1000).padStart(3, '0')}000000Z line ${n}\n`;
const chunk = (from: number, to: number): LogChunk => ({ stream: 'stdout', data: Buffer.from(Array.from({ length: to - from }, (_, i) => line(from + i)).join('')) });

test('g: the first 300 lines are on screen while the rest of the page is still coming; then the page is whole, at the same place', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const logs: ReadLogs = async function* () {
    yield chunk(1, 301);
    await held;
    yield chunk(301, 5001);
  };
  const infos: LogHistoryInfo[] = [];
  const buffer = new LogBuffer(10_000);
  let follows = 0;
  const host: HistoryHost = { buffer, logs, id: 'c', tty: () => false, detach: () => undefined, follow: () => (follows += 1), reopen: () => undefined, changed: (info) => infos.push(info) };
  const history = new LogHistory(host);
  history.mayHaveOlder();
  history.first();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(buffer.length, 300, 'a screen’s worth is in the window before the rest came');
  assert.match(buffer.at(0)?.text ?? '', /line 1$/);
  assert.equal(history.info.loading, 'the first lines', 'and says the rest is being read');
  const focus = history.info.focus;
  release();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(buffer.length, PAGE_LINES, 'the whole first page, as before');
  assert.match(buffer.at(PAGE_LINES - 1)?.text ?? '', new RegExp(`line ${PAGE_LINES}$`));
  assert.equal(history.info.loading, undefined);
  assert.deepEqual(history.info.focus, focus, 'the place is not moved by the rest arriving');
  assert.equal(history.info.newer, true, 'newer lines below the page');
  assert.equal(follows, 0);
});

test('g: the request goes out before anything is drawn; the status says "reading" only once the answer is slow to come', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let asked = 0;
  let changesWhenAsked = -1;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const infos: LogHistoryInfo[] = [];
  const logs: ReadLogs = async function* () {
    asked += 1;
    changesWhenAsked = infos.length;
    await held;
    yield chunk(1, 301);
  };
  const buffer = new LogBuffer(10_000);
  const host: HistoryHost = { buffer, logs, id: 'c', tty: () => false, detach: () => undefined, follow: () => undefined, reopen: () => undefined, changed: (info) => infos.push(info) };
  const history = new LogHistory(host);
  history.mayHaveOlder();
  const before = infos.length;
  history.first();
  await Promise.resolve();
  assert.equal(asked, 1, 'the log is asked for at once');
  assert.equal(changesWhenAsked, before, 'before any change is reported (a change is a frame)');
  assert.equal(infos.length, before, 'and nothing is drawn while the answer may still come quickly');
  t.mock.timers.tick(99);
  assert.equal(infos.length, before);
  t.mock.timers.tick(1);
  assert.equal(history.info.loading, 'the first lines', 'a slow answer is said in the status line');
  assert.equal(infos.length, before + 1);
  release();
  t.mock.timers.reset();
  for (let i = 0; i < 20 && history.info.loading !== undefined; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(history.info.loading, undefined, 'and no longer once the page is read');
  assert.equal(buffer.length, 300);
});
