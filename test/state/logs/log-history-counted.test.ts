/**
 * The whole log's total ("N counted", state/logs/log-history.ts): a count is a snapshot, and the
 * log goes on. Lines the live stream appends after the last line the count read grow the total;
 * lines it had already read (a rejoin reads from the window's end) do not; a time window, which is
 * not followed line by line, drops it until the next count.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LogChunk } from '../../../src/engine/streams/multiplexed.ts';
import { LogBuffer } from '../../../src/state/logs/log-buffer.ts';
import { LogHistory, type HistoryHost, type LogHistoryInfo } from '../../../src/state/logs/log-history.ts';
import type { ReadLogs } from '../../../src/state/logs/log-reader.ts';
import type { LogLine } from '../../../src/state/logs/types.ts';
import { historyStatus } from '../../../src/app/views/logs-status.ts';

const time = (n: number) => `2026-11-26T10:00:${String(n).padStart(2, '0')}.000000000Z`;
const raw = (n: number) => `${time(n)} line ${n}\n`;
const line = (n: number): LogLine => ({ stream: 'stdout', text: `line ${n}`, time: time(n), timeMs: Date.parse(time(n)) });

test('a count’s total grows with the live lines after it, not with lines it read; a time window drops it', async () => {
  const logs: ReadLogs = async function* () {
    const chunk: LogChunk = { stream: 'stdout', data: Buffer.from(Array.from({ length: 10 }, (_, i) => raw(i + 1)).join('')) };
    yield chunk;
  };
  const buffer = new LogBuffer(100);
  buffer.append([line(8), line(9), line(10)]);
  let changed!: () => void;
  const host: HistoryHost = { buffer, logs, id: 'c', tty: () => false, detach: () => undefined, follow: () => undefined, reopen: () => undefined, changed: (info: LogHistoryInfo) => info.counted !== undefined && changed?.() };
  const history = new LogHistory(host);
  await new Promise<void>((resolve) => {
    changed = resolve;
    history.search('nothing', () => false);
  });
  assert.equal(history.info.counted, 10);
  // Two new lines arrive at the live end.
  buffer.append([line(11), line(12)]);
  history.appended(0, [line(11), line(12)]);
  assert.equal(history.info.counted, 12);
  assert.match(historyStatus(buffer.length, history.info, { up: '↑', down: '↓' }), /of 12 loaded|12 counted/);
  // A rejoin reads again from the window's end: lines the total holds are not counted twice.
  history.appended(0, [line(12)]);
  assert.equal(history.info.counted, 12);
  // A time window: the total is the whole log's and would not follow; gone until the next count.
  history.reset();
  assert.equal(history.info.counted, undefined);
  history.appended(0, [line(13)]);
  assert.equal(history.info.counted, undefined);
  history.close();
});
