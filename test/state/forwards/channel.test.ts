/**
 * A forward's channel (state/forwards/channel.ts) over a fake exec stream: a connection's answer
 * ends at the token even when the token comes split over frames, the same exec then carries the
 * next connection, and one whose client spoke after the answer began is not reused.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { Duplex } from 'node:stream';
import { test } from 'node:test';
import { Channel, channelScript, tokenPrefixAtEnd } from '../../../src/state/forwards/channel.ts';

const TOKEN = 'berthend0123456789abcdef';

/** A multiplexed stdout frame, as the engine writes one. */
function frame(text: string | Buffer, type = 1): Buffer {
  const payload = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = type;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
}

/** The exec's hijacked stream: what berth writes is kept, and the test pushes what nc says. */
function fakeExec() {
  const written: Buffer[] = [];
  let ended = false;
  const stream = new Duplex({
    read() {},
    write(chunk: Buffer, _enc, done) {
      written.push(chunk);
      done();
    },
    final(done) {
      ended = true;
      done();
    },
  });
  return { stream, written: () => Buffer.concat(written).toString(), ended: () => ended };
}

/** A connected pair: the server side for the channel, the client side for the test. */
async function pair(): Promise<{ server: net.Socket; client: net.Socket; close: () => void }> {
  const listener = net.createServer({ allowHalfOpen: true });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as net.AddressInfo).port;
  const accepted = new Promise<net.Socket>((resolve) => listener.once('connection', resolve));
  const client = net.connect(port, '127.0.0.1');
  const server = await accepted;
  server.pause();
  return { server, client, close: () => listener.close() };
}

/** Waits for a condition, never for a time (the deadline only ends a test that went wrong). */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Everything the client reads until the channel ends the connection. */
function answer(client: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    client.on('data', (c: Buffer) => (text += c.toString()));
    client.on('end', () => resolve(text));
  });
}

test('the token: a prefix held only when the data ends with one; the loop script names it', () => {
  const token = Buffer.from(TOKEN);
  assert.equal(tokenPrefixAtEnd(Buffer.from('hello'), token), 0);
  assert.equal(tokenPrefixAtEnd(Buffer.from('hellober'), token), 3);
  assert.equal(tokenPrefixAtEnd(Buffer.from('b'), token), 1);
  assert.match(channelScript(8080, TOKEN), /while read -r _; do nc 127\.0\.0\.1 8080; printf %s berthend0123456789abcdef; done/);
});

test('one exec carries two connections in turn; the answer ends at the token, split over frames', async () => {
  const exec = fakeExec();
  const idle: Channel[] = [];
  const channel = new Channel(Promise.resolve(exec.stream), Buffer.from(TOKEN), { sent: () => undefined, received: () => undefined, failed: () => undefined, idle: (c) => idle.push(c), gone: () => undefined });

  const first = await pair();
  const firstAnswer = answer(first.client);
  channel.carry(first.server);
  first.client.write('GET /');
  // The line that starts nc, then the client's bytes.
  await until(() => exec.written() === '\nGET /', 'the request in the exec');
  exec.stream.push(frame('hel'));
  exec.stream.push(frame(`lo${TOKEN.slice(0, 7)}`));
  exec.stream.push(frame(TOKEN.slice(7)));
  assert.equal(await firstAnswer, 'hello');
  assert.deepEqual(idle, [channel], 'free again');

  const second = await pair();
  const secondAnswer = answer(second.client);
  channel.carry(second.server);
  second.client.write('again');
  await until(() => exec.written() === '\nGET /\nagain', 'the second request after the first');
  exec.stream.push(frame(`bye${TOKEN}`));
  assert.equal(await secondAnswer, 'bye');
  assert.equal(idle.length, 2);
  assert.equal(exec.ended(), false, 'its input stays open for the next');
  first.close();
  second.close();
});

test('a client that spoke after the answer began: its exec is not reused', async () => {
  const exec = fakeExec();
  const idle: Channel[] = [];
  const channel = new Channel(Promise.resolve(exec.stream), Buffer.from(TOKEN), { sent: () => undefined, received: () => undefined, failed: () => undefined, idle: (c) => idle.push(c), gone: () => undefined });
  const one = await pair();
  const said = answer(one.client);
  channel.carry(one.server);
  let got = '';
  one.client.on('data', (c: Buffer) => (got += c.toString()));
  one.client.write('a');
  await until(() => exec.written() === '\na', 'the first byte');
  exec.stream.push(frame('x'));
  await until(() => got === 'x', 'the answer begun');
  one.client.write('b');
  await until(() => exec.written() === '\nab', 'the byte after it');
  exec.stream.push(frame(`y${TOKEN}`));
  assert.equal(await said, 'xy');
  assert.deepEqual(idle, []);
  one.close();
});
