/**
 * The tail a logs view opens with (state/logs/log-session.ts): the engine's `tail` counts entries,
 * and dockerd splits a line over 16 KiB into entries of 16 KiB, each framed and timestamped. A
 * tail of 500 entries holding one 70,000-byte line is 496 lines: the tail was still full, so
 * older lines may exist, and the status says so ("older on ↑").
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demultiplex } from '../../../src/engine/streams/multiplexed.ts';
import { LogSession, type LogClient } from '../../../src/state/logs/log-session.ts';
import { historyStatus } from '../../../src/app/views/logs-status.ts';

const stamp = (n: number) => `2026-11-26T10:00:00.${String(n).padStart(9, '0')}Z `;
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = 1;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
}
/** `lines` entries of one line each, then one line of `long` bytes in 16 KiB entries, as dockerd sends them. */
function body(lines: number, long: number): Buffer[] {
  const frames = Array.from({ length: lines }, (_, i) => frame(`${stamp(i)}line ${i}\n`));
  const text = 'x'.repeat(long);
  for (let at = 0, n = lines; at < long; at += 16 * 1024, n++) frames.push(frame(`${stamp(n)}${text.slice(at, at + 16 * 1024)}${at + 16 * 1024 >= long ? '\n' : ''}`));
  return frames;
}

/** A session opened on `frames`, once its buffer holds `lines` lines. */
async function opened(frames: Buffer[], lines: number): Promise<LogSession> {
  const client: LogClient = {
    inspectContainer: () => Promise.resolve({ Config: { Tty: false } }),
    // What the engine gives for tail=500: the last 500 entries, then the stream stays open.
    logs: (_id, options) => demultiplex((async function* () {
      for (const f of frames) yield f;
      await new Promise<void>((resolve) => options?.signal?.addEventListener('abort', () => resolve()));
    })(), { timestamps: true }),
  };
  const session = new LogSession({ client, onEvent: () => () => undefined, onReconnect: () => () => undefined }, 'c', { tail: 500, history: true, notifyMs: 1 });
  session.start();
  await new Promise<void>((resolve) => {
    const check = () => session.buffer.length >= lines && session.store.getState().version === session.buffer.version && resolve();
    session.store.subscribe(check);
    check();
  });
  return session;
}

test('a full tail with a 70,000-byte line (5 entries) is 496 lines, and older ones may exist', async () => {
  const session = await opened(body(495, 70_000), 496);
  try {
    assert.equal(session.buffer.length, 496);
    assert.equal(session.store.getState().history?.older, true);
    assert.equal(historyStatus(session.buffer.length, session.store.getState().history, { up: '↑', down: '↓' }), '496 lines loaded · older on ↑');
  } finally {
    session.close();
  }
});

test('a tail that is not full (the whole log) says no older lines', async () => {
  const session = await opened(body(300, 70_000), 301);
  try {
    assert.equal(session.buffer.length, 301);
    assert.equal(session.store.getState().history?.older, false);
  } finally {
    session.close();
  }
});
