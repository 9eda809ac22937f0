import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { isEngineError } from '../../src/engine/errors.ts';
import { execCaptured } from '../../src/state/actions/exec-command.ts';
import type { LogLine } from '../../src/state/logs/types.ts';
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

test('a command captured (x): stdout and stderr apart, line by line, as the user and in the directory asked for, and its exit code', async () => {
  const lines: LogLine[] = [];
  const code = await execCaptured(client, name, { cmd: ['sh', '-c', 'id -u; pwd; echo oops >&2; printf tail; exit 5'], user: 'nobody', workingDir: '/tmp' }, { onLines: (l) => lines.push(...l) });
  assert.equal(code, 5);
  // Each stream in its order (the two streams' interleaving is the engine's).
  const of = (stream: string) => lines.filter((l) => l.stream === stream).map((l) => l.text);
  assert.deepEqual(of('stdout'), ['65534', '/tmp', 'tail'], 'uid of nobody, the directory, and the last line without its newline');
  assert.deepEqual(of('stderr'), ['oops']);
});

test('exec in a stopped container is refused in the engine’s words', async () => {
  await sandboxDocker(['stop', '-t', '0', name]);
  // Podman: 500 "can only create exec sessions on running containers: container state improper".
  const refused = env.engine === 'podman' ? { code: 'SERVER', words: /can only create exec sessions on running containers/ } : { code: 'CONFLICT', words: /is not running/ };
  await assert.rejects(client.createExec(name, { cmd: ['sh'] }), (error: unknown) => isEngineError(error) && error.code === refused.code && refused.words.test(error.message));
});
