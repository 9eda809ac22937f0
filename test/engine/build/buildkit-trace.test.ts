import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import protobuf from 'protobufjs';
import { decodeTrace } from '../../../src/engine/build/buildkit-trace.ts';
import { STATUS_PROTO } from '../../../src/engine/build/status-proto-text.ts';

test('the bundled text of the StatusResponse definitions is the committed .proto file', () => {
  assert.equal(STATUS_PROTO, readFileSync(new URL('../../../src/engine/build/buildkit-status.proto', import.meta.url), 'utf8'));
});

/** A StatusResponse written by protobufjs from the same definitions, as dockerd sends it: base64. */
function encoded(value: Record<string, unknown>): string {
  const root = new protobuf.Root();
  root.addJSON(protobuf.common.get('google/protobuf/timestamp.proto')!.nested!);
  const type = protobuf.parse(STATUS_PROTO, root, { keepCase: true }).root.lookupType('moby.buildkit.v1.StatusResponse');
  return Buffer.from(type.encode(type.fromObject(value)).finish()).toString('base64');
}

test('a trace decodes to its vertexes, statuses, logs and warnings, times in ms', async () => {
  const aux = encoded({
    vertexes: [{ digest: 'sha256:a', inputs: ['sha256:b'], name: '[2/2] RUN make', started: { seconds: 100, nanos: 500_000_000 }, cached: false, error: '' }],
    statuses: [{ ID: 'transfer', vertex: 'sha256:a', name: 'transferring', current: 1024, total: 4096 }],
    logs: [{ vertex: 'sha256:a', stream: 1, msg: Buffer.from('line one\nline t') }],
    warnings: [{ vertex: 'sha256:a', level: 1, short: Buffer.from('careful') }],
  });
  const trace = await decodeTrace(aux);
  assert.deepEqual(trace.vertexes, [{ digest: 'sha256:a', inputs: ['sha256:b'], name: '[2/2] RUN make', cached: false, started: 100_500, completed: undefined, error: '' }]);
  assert.deepEqual(trace.statuses, [{ id: 'transfer', vertex: 'sha256:a', name: 'transferring', current: 1024, total: 4096, completed: undefined }]);
  assert.deepEqual(trace.logs, [{ vertex: 'sha256:a', stream: 1, text: 'line one\nline t' }]);
  assert.deepEqual(trace.warnings, [{ vertex: 'sha256:a', text: 'careful' }]);
});

test('a trace recorded from dockerd 20.10 decodes (the vertex of COPY, started)', async () => {
  const aux = 'CrEBCkdzaGEyNTY6YTIyNGQ1YmY1NTFhZjMwZGM4MDIyMTFhYjUzZDQ0YjgyOTg1NjI0YTBhMTllYjI3MTJjNjUxZTg0YmUxY2U3NhJHc2hhMjU2OmU1N2FmODUyOWM2NmJmOWZiYzJkODNmOTFhYzQ1MmU4OTI5NDNlZjc2MmM5OWFmOWY4ZGI4NGJmNDJhODFmNWIaD2NvcHkgL2NvbnRleHQgLyoMCI7Jv9gGELnSyPcB';
  const [vertex] = (await decodeTrace(aux)).vertexes;
  assert.equal(vertex?.name, 'copy /context /');
  assert.equal(vertex?.digest, 'sha256:a224d5bf551af30dc802211ab53d44b82985624a0a19eb2712c651e84be1ce76');
  assert.equal(vertex?.started, 1796203662 * 1000 + 519);
  assert.equal(vertex?.completed, undefined);
});

test('bytes that are not a StatusResponse are refused, not guessed at', async () => {
  await assert.rejects(decodeTrace(Buffer.from([0x0a, 0xff, 0xff, 0xff]).toString('base64')));
});
