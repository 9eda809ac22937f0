/**
 * A project's logs merge in time order whatever order the containers' answers arrive in (on a
 * busy machine the db's tail came first and its later line was shown above the web's earlier
 * one). The client here is a stand-in answering from memory: this is the merge, not the engine.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { test } from 'node:test';
import type { EngineClient } from '../../../src/engine/client.ts';
import { ProjectLogs } from '../../../src/state/logs/project-logs.ts';

function clientAnswering(lines: Record<string, { text: string; delayMs: number }>): EngineClient {
  return {
    inspectContainer: async () => ({ Id: 'x', Config: { Tty: false } }),
    logs: async function* (id: string) {
      const answer = lines[id];
      if (!answer) return;
      await delay(answer.delayMs);
      yield { stream: 'stdout' as const, data: Buffer.from(answer.text) };
    },
  } as unknown as EngineClient;
}

test('lines of a container that answers late still go in their place by time', async () => {
  const client = clientAnswering({
    web: { text: '2026-01-01T00:00:01.000000000Z web listening\n2026-01-01T00:00:03.000000000Z web serving\n', delayMs: 120 },
    db: { text: '2026-01-01T00:00:02.000000000Z db ready\n', delayMs: 0 },
  });
  const logs = new ProjectLogs({ client, onEvent: () => () => undefined, onReconnect: () => () => undefined }, [
    { id: 'web', source: 'web' },
    { id: 'db', source: 'db' },
  ]);
  logs.start();
  try {
    for (let i = 0; i < 100 && logs.buffer.length < 3; i++) await delay(20);
    assert.deepEqual(
      logs.buffer.slice().map((l) => `${l.source} ${l.text}`),
      ['web web listening', 'db db ready', 'web web serving'],
    );
  } finally {
    logs.close();
  }
});
