/**
 * The gate's last line (engine/http.ts): a client made read-only sends reads only. The refusal
 * comes before any connection: here there is no engine at all, so a request that was sent would
 * fail as unreachable instead.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { EngineError } from '../../src/engine/errors.ts';
import { isReadRequest } from '../../src/engine/http.ts';

test('reads: GET, HEAD and a wait; anything else is a change', () => {
  assert.ok(isReadRequest({ method: 'GET', path: '/containers/json' }));
  assert.ok(isReadRequest({ method: 'HEAD', path: '/_ping' }));
  assert.ok(isReadRequest({ method: 'POST', path: '/containers/abc/wait' }));
  for (const [method, path] of [['POST', '/containers/abc/stop'], ['PUT', '/containers/abc/archive'], ['DELETE', '/containers/abc'], ['POST', '/containers/abc/exec'], ['POST', '/containers/abc/wait/x']] as const) assert.equal(isReadRequest({ method, path }), false, `${method} ${path}`);
});

test('a read-only client refuses a change before sending it, in its own words; read-write again, it sends', async () => {
  const client = new EngineClient({ host: 'unix:///nonexistent/berth-gate.sock', env: {}, apiVersion: '1.41', timeoutMs: 2000 });
  client.setReadOnly('test is read-only (config.json "engines"): berth sends it no change');
  await assert.rejects(client.stopContainer('abc'), (error: unknown) => error instanceof EngineError && error.code === 'READ_ONLY' && /test is read-only/.test(error.message));
  // A read is sent (and fails only because nothing listens).
  await assert.rejects(client.version(), (error: unknown) => error instanceof EngineError && error.code === 'UNREACHABLE');
  client.setReadOnly(undefined);
  await assert.rejects(client.stopContainer('abc'), (error: unknown) => error instanceof EngineError && error.code === 'UNREACHABLE');
});
