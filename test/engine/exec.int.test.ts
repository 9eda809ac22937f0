import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { isEngineError } from '../../src/engine/errors.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

// `docker exec -it` through berth's client, against the sandbox engine: a shell with a terminal.
const env = sandboxEnv();
const client = new EngineClient({ host: env.dockerHost, env: {} });
const name = `exec${process.pid}`;

after(async () => {
  await sandboxDocker(['rm', '-f', name]).catch(() => undefined);
  await client.close();
});

test('a shell in a running container: keystrokes in, its terminal out, resized, and its exit code', async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', name, env.images.busybox, 'sleep', '300']);
  const execId = await client.createExec(name, { cmd: ['sh'] });
  const socket = await client.startExec(execId);
  let output = '';
  socket.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await client.resizeExec(execId, { rows: 33, columns: 101 });
  socket.write('stty size; tty; echo $((6 * 7)); exit 3\r');
  await ended;
  assert.match(output, /33 101/, 'the resize reached the terminal');
  assert.match(output, /\/dev\/pts\/\d+/, 'it has a terminal');
  assert.match(output, /\b42\b/);
  assert.equal(await client.execExitCode(execId), 3);
});

test('exec in a stopped container is refused in the engine’s words', async () => {
  await sandboxDocker(['stop', '-t', '0', name]);
  // Podman: 500 "can only create exec sessions on running containers: container state improper".
  const refused = env.engine === 'podman' ? { code: 'SERVER', words: /can only create exec sessions on running containers/ } : { code: 'CONFLICT', words: /is not running/ };
  await assert.rejects(client.createExec(name, { cmd: ['sh'] }), (error: unknown) => isEngineError(error) && error.code === refused.code && refused.words.test(error.message));
});
