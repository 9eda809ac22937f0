/**
 * The forward's trial connections (ssh-engine-socket.ts) against real local sockets standing in
 * for the master's forward: one that answers (the forward works), one that closes at once (sshd
 * refused the channel), none at all (the master is gone). The fallback is a socket to another
 * local server, standing in for a dial-stdio connection, which records what it was sent.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { after, test } from 'node:test';
import { ForwardedEngine, ForwardTrial } from '../../src/engine/ssh-engine-socket.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'berth-fwd-'));
const servers: net.Server[] = [];
after(() => {
  for (const server of servers) server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function serve(name: string, onConnection: (socket: net.Socket) => void): Promise<string> {
  const socketPath = path.join(dir, name);
  const server = net.createServer(onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return socketPath;
}

/** Answers each request line with `name: <what it got>`. */
const answering = (name: string) => (socket: net.Socket) => socket.on('data', (chunk: Buffer) => socket.write(`${name}: ${chunk.toString('utf8')}`));

function connect(engine: ForwardedEngine, fallback: () => Duplex): Promise<Duplex> {
  return new Promise((resolve, reject) => engine.connect(fallback, (error, socket) => (error ? reject(error) : resolve(socket!))));
}

async function exchange(socket: Duplex, text: string): Promise<string> {
  const answer = new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8')));
    socket.once('error', reject);
  });
  socket.write(text);
  return answer;
}

test('a forward that answers: the trial carries the connection, and later connections are plain sockets', async () => {
  const forward = await serve('works', answering('forward'));
  const fallbackPath = await serve('fallback-1', answering('dial-stdio'));
  const refusals: string[] = [];
  const engine = new ForwardedEngine(forward, (why) => refusals.push(why));
  let fallbacks = 0;
  const fallback = () => (fallbacks++, net.connect(fallbackPath));
  const first = await connect(engine, fallback);
  assert.ok(first instanceof ForwardTrial);
  assert.equal(await exchange(first, 'ping'), 'forward: ping');
  assert.equal(engine.proven, true);
  const second = await connect(engine, fallback);
  assert.ok(second instanceof net.Socket, 'a plain socket once the forward works');
  assert.equal(await exchange(second, 'again'), 'forward: again');
  assert.equal(fallbacks, 0);
  assert.deepEqual(refusals, []);
  first.destroy();
  second.destroy();
});

test('a forward closed before its first byte: the same bytes go over dial-stdio, once recorded, and later connections go there', async () => {
  const forward = await serve('refused', (socket) => socket.destroy());
  const fallbackPath = await serve('fallback-2', answering('dial-stdio'));
  const refusals: string[] = [];
  const engine = new ForwardedEngine(forward, (why) => refusals.push(why));
  let fallbacks = 0;
  const fallback = () => (fallbacks++, net.connect(fallbackPath));
  const trials = await Promise.all([connect(engine, fallback), connect(engine, fallback)]);
  const answers = await Promise.all(trials.map((trial, i) => exchange(trial, `GET /${i}`)));
  assert.deepEqual(answers, ['dial-stdio: GET /0', 'dial-stdio: GET /1']);
  assert.equal(refusals.length, 1, 'recorded once');
  assert.equal(engine.usable, false);
  assert.equal(fallbacks, 2);
  // What comes after the switch goes over dial-stdio too.
  assert.equal(await exchange(trials[0]!, 'more'), 'dial-stdio: more');
  for (const trial of trials) trial.destroy();
});

test('a forward socket that is gone (its master died): this connection over dial-stdio, not a refusal', async () => {
  const fallbackPath = await serve('fallback-3', answering('dial-stdio'));
  const refusals: string[] = [];
  const engine = new ForwardedEngine(path.join(dir, 'no-such-socket'), (why) => refusals.push(why));
  const trial = await connect(engine, () => net.connect(fallbackPath));
  assert.equal(await exchange(trial, 'ping'), 'dial-stdio: ping');
  assert.deepEqual(refusals, []);
  assert.equal(engine.usable, true, 'the next master’s forward is tried');
  trial.destroy();
});

test('a trial destroyed by its user before an answer is no refusal', async () => {
  const forward = await serve('slow', () => undefined);
  const refusals: string[] = [];
  const engine = new ForwardedEngine(forward, (why) => refusals.push(why));
  let fallbacks = 0;
  const trial = await connect(engine, () => (fallbacks++, new Duplex({ read() {}, write(_c, _e, cb) { cb(); } })));
  trial.write('GET /events');
  trial.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(refusals, []);
  assert.equal(fallbacks, 0);
  assert.equal(engine.usable, true);
});
