/**
 * A hostile or broken engine, faked on a unix socket: every misbehaviour ends in an EngineError
 * with a message a person can act on (or is tolerated, where the spec says to be lenient), the
 * client keeps answering other requests meanwhile, and nothing is allocated by what a header
 * or a line claims.
 */
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { EngineClient } from '../../src/engine/client.ts';
import { EngineError } from '../../src/engine/errors.ts';
import { json, startFakeEngine, type FakeEngine, type FakeEngineOptions } from '../support/fake-engine.ts';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const thing of open.reverse()) await thing.close();
});

async function engine(options: FakeEngineOptions = {}, clientOptions: { timeoutMs?: number } = {}): Promise<{ fake: FakeEngine; client: EngineClient }> {
  const fake = await startFakeEngine(options);
  const client = new EngineClient({ host: fake.host, env: {}, ...clientOptions });
  open.push(fake, client);
  return { fake, client };
}

/** Asserts an EngineError with this code whose message matches, and returns it. */
async function rejects(promise: Promise<unknown>, code: EngineError['code'], message: RegExp): Promise<EngineError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof EngineError, `expected an EngineError, got ${String(error)}`);
    assert.equal(error.code, code, `code of "${error.message}"`);
    assert.match(error.message, message);
    return error;
  }
  assert.fail('expected a rejection');
}

async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Resolves when the response can take more, or is gone. */
function writable(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

const LOG_HEADER_4GIB = Buffer.from([1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]);

describe('bodies that are not what they claim', () => {
  test('malformed JSON: PROTOCOL, quoting the start of what came', async () => {
    const { client } = await engine({
      routes: {
        '/containers/json': (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('[{"Id": "abc", ');
        },
      },
    });
    await rejects(client.listContainers(), 'PROTOCOL', /the engine sent malformed JSON: \[\{"Id": "abc"/);
  });

  test('a body cut short of its Content-Length: the connection was lost, said so', async () => {
    const { client } = await engine({
      routes: {
        '/containers/json': (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('[{"Id":"abc"');
          setTimeout(() => res.socket?.destroy(), 20);
        },
      },
    });
    await rejects(client.listContainers(), 'UNREACHABLE', /lost the connection to unix:\/\/.*engine\.sock/);
  });

  test('an HTML error page (a proxy in front of the engine): its title, and what it means', async () => {
    const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{font:x}</style></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx/1.25</center></body></html>`;
    const { client } = await engine({
      routes: {
        '/containers/json': (_req, res) => {
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end(page);
        },
        '/images/json': (_req, res) => {
          // No title and no content type: the text without its tags.
          res.writeHead(503);
          res.end('<html><body><p>Service &amp; engine <b>unavailable</b></p></body></html>');
        },
      },
    });
    const error = await rejects(client.listContainers(), 'SERVER', /^502: 502 Bad Gateway$/);
    assert.equal(error.status, 502);
    assert.match(error.hint ?? '', /web page, not the engine’s: is a proxy/);
    await rejects(client.listImages(), 'SERVER', /^503: Service & engine unavailable$/);
  });

  test('a plain-text error stays as it is; an empty one names the status and path', async () => {
    const { client } = await engine({
      routes: {
        '/containers/json': (_req, res) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('page not found\n');
        },
        '/images/json': (_req, res) => {
          res.writeHead(500);
          res.end();
        },
      },
    });
    await rejects(client.listContainers(), 'SERVER', /^page not found$/);
    await rejects(client.listImages(), 'SERVER', /^request returned 500 for \/v1\.41\/images\/json$/);
  });
});

describe('shapes that are not what the spec says', () => {
  test('null where arrays are expected, and null entries inside them', async () => {
    const { client } = await engine({
      routes: {
        '/containers/json': (_req, res) => json(res, 200, null),
        '/images/json': (_req, res) => json(res, 200, [null, 42, { Id: 'sha256:abc', RepoTags: null, RepoDigests: null, Labels: null }]),
      },
    });
    assert.deepEqual(await client.listContainers(), []);
    assert.deepEqual(await client.listImages(), [{ Id: 'sha256:abc' }], 'null fields read as absent');
  });

  test('wrongly typed fields are dropped at the boundary, so the UI never formats them', async () => {
    const { client } = await engine({
      routes: {
        '/containers/json': (_req, res) =>
          json(res, 200, [
            { Id: 'c1', Names: null, Image: 7, State: {}, Status: ['Up'], Created: 'yesterday', Ports: null, Labels: 'x', Extra: 1 },
            { Id: 'c2', Names: ['/ok', 3, null], Ports: [null, 'x', { PrivatePort: '80', PublicPort: 8080, Type: 6 }], Labels: { a: 'b', n: 1 } },
            { Id: 42 },
            { Id: '' },
          ]),
        '/images/json': (_req, res) => json(res, 200, [{ Id: 'i1', RepoTags: 'latest', Size: 'big', Created: null, Labels: [] }]),
      },
    });
    assert.deepEqual(await client.listContainers(), [
      { Id: 'c1' },
      { Id: 'c2', Names: ['/ok'], Ports: [{ PublicPort: 8080 }], Labels: { a: 'b' } },
    ]);
    assert.deepEqual(await client.listImages(), [{ Id: 'i1' }]);
  });

  test('a listed container keeps only what berth reads: mounts by type, name, source and destination; networks by name', async () => {
    const endpoint = { NetworkID: 'n'.repeat(64), EndpointID: 'e'.repeat(64), IPAddress: '172.17.0.2', MacAddress: '02:42:ac:11:00:02' };
    const { client } = await engine({
      routes: {
        '/containers/json': (_req, res) =>
          json(res, 200, [
            {
              Id: 'c1',
              HostConfig: { NetworkMode: 'bridge' },
              Mounts: [{ Type: 'volume', Name: 'data', Source: '/var/lib/docker/volumes/data/_data', Destination: '/data', Mode: 'z', RW: true, Propagation: '' }, null, { Type: 7 }],
              NetworkSettings: { Networks: { bridge: endpoint, 'my-net': endpoint } },
            },
            { Id: 'c2', Mounts: null, NetworkSettings: { Networks: null } },
            { Id: 'c3', NetworkSettings: { Networks: { bridge: endpoint, 'my-net': endpoint } } },
            { Id: 'c4', NetworkSettings: JSON.parse('{"Networks": {"__proto__": {"IPAddress": "10.0.0.2"}}}') as unknown },
          ]),
      },
    });
    const [c1, c2, c3, c4] = await client.listContainers();
    assert.equal(c3?.NetworkSettings, c1?.NetworkSettings, 'containers on the same networks share one object');
    assert.deepEqual(Object.keys(c4?.NetworkSettings?.Networks ?? {}), ['__proto__'], 'a network named __proto__ is a name');
    assert.deepEqual(c1?.Mounts, [{ Type: 'volume', Name: 'data', Source: '/var/lib/docker/volumes/data/_data', Destination: '/data' }, {}]);
    assert.deepEqual(Object.keys(c1?.NetworkSettings?.Networks ?? {}), ['bridge', 'my-net']);
    assert.deepEqual(c1?.NetworkSettings?.Networks?.bridge, {});
    assert.equal('HostConfig' in (c1 ?? {}), false);
    assert.deepEqual(c2, { Id: 'c2' });
  });

  test('an object where an array is expected is an empty list, not a crash', async () => {
    const { client } = await engine({ routes: { '/containers/json': (_req, res) => json(res, 200, { message: 'surprise' }) } });
    assert.deepEqual(await client.listContainers(), []);
  });

  test('inspect answering null or an array: PROTOCOL, not a TypeError later', async () => {
    const { client } = await engine({
      routes: {
        '/containers/abc/json': (_req, res) => json(res, 200, null),
        '/containers/def/json': (_req, res) => json(res, 200, [1, 2]),
      },
    });
    await rejects(client.inspectContainer('abc'), 'PROTOCOL', /the engine sent no container/);
    await rejects(client.inspectContainer('def'), 'PROTOCOL', /the engine sent no container/);
  });

  test('unknown fields are ignored; known ones still read', async () => {
    const { client } = await engine({
      routes: {
        '/containers/json': (_req, res) =>
          json(res, 200, [{ Id: 'a'.repeat(64), Names: ['/web'], FutureField: { nested: [1, 2, 3] }, State: 'running', Κλειδί: 'ünïcode' }]),
        '/version': (_req, res) => json(res, 200, { Version: '99.0', Components: 'not an array', Extra: true }),
      },
    });
    const [container] = await client.listContainers();
    assert.equal(container?.Names?.[0], '/web');
    assert.equal((await client.version()).Version, '99.0');
  });

  test('events: null lines, numbers, strings and arrays in the stream are skipped, objects delivered', async () => {
    const { client } = await engine({
      routes: {
        '/events': (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('null\n42\n"text"\n[]\n{"Type":"container","Action":"start","Actor":{"ID":"x"},"time":1}\n{"Unknown":true}\n');
        },
      },
    });
    const events = await drain(client.events());
    assert.deepEqual(events.map((e) => e.Action ?? 'none'), ['start', 'none']);
  });
});

describe('API versions', () => {
  test('no Api-Version header: the oldest version berth speaks, on every request', async () => {
    const { fake, client } = await engine({ apiVersion: null });
    await client.listContainers();
    assert.equal(client.apiVersion, '1.40');
    assert.ok(fake.requests.includes('GET /v1.40/containers/json?all=0') || fake.requests.some((r) => r.startsWith('GET /v1.40/containers/json')));
  });

  test('an absurdly new version (99.99): berth speaks its own newest', async () => {
    const { fake, client } = await engine({ apiVersion: '99.99' });
    await client.listContainers();
    assert.equal(client.apiVersion, '1.51');
    assert.ok(fake.requests.some((r) => r.startsWith('GET /v1.51/containers/json')));
  });

  test('an absurdly old version (0.1): VERSION, saying what berth needs', async () => {
    const { fake, client } = await engine({ apiVersion: '0.1' });
    const error = await rejects(client.listContainers(), 'VERSION', /engine API version 0\.1 is too old: berth needs at least 1\.40/);
    assert.equal(error.hint, 'upgrade the engine');
    assert.ok(!fake.requests.some((r) => r.includes('/containers/json')), 'nothing is sent in a dialect the engine cannot speak');
    await rejects(client.connect(), 'VERSION', /too old/);
  });

  test('garbage in Api-Version is treated as missing', async () => {
    const { client } = await engine({ apiVersion: 'v1.41; DROP TABLE' });
    await client.listContainers();
    assert.equal(client.apiVersion, '1.40');
  });
});

describe('streams that would make a naive reader allocate without bound', () => {
  test('a log frame header claiming 4 GiB: the payload that comes is passed on, nothing sized by the header', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const { client } = await engine({
      routes: {
        '/containers/abc/logs': async (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/vnd.docker.multiplexed-stream' });
          res.write(LOG_HEADER_4GIB);
          for (let i = 0; i < 32; i++) if (!res.write(chunk)) await writable(res);
          res.end();
        },
      },
    });
    const before = process.memoryUsage();
    let bytes = 0;
    let largest = 0;
    for await (const piece of client.logs('abc', { tty: false })) {
      bytes += piece.data.length;
      largest = Math.max(largest, piece.data.length);
      assert.equal(piece.stream, 'stdout');
    }
    const grown = process.memoryUsage().arrayBuffers - before.arrayBuffers;
    assert.equal(bytes, 32 * 1024 * 1024, 'every byte that came was delivered, then the stream ended quietly');
    assert.ok(largest <= 1024 * 1024, `pieces are what arrived (largest ${largest} bytes), never a buffer the header asked for`);
    assert.ok(grown < 64 * 1024 * 1024, `array buffers grew by ${grown} bytes`);
  });

  test('a 50 MB single NDJSON line in a pull: PROTOCOL at the limit, and the rest is never read', async () => {
    let written = 0;
    let closedEarly = false;
    const { client } = await engine({
      routes: {
        '/images/create': async (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.on('close', () => (closedEarly = !res.writableFinished));
          const chunk = Buffer.alloc(256 * 1024, 0x20);
          chunk.write('{"status":"', 0);
          for (let i = 0; i < 200 && !res.destroyed; i++) {
            written += chunk.length;
            if (!res.write(i === 0 ? chunk : chunk.fill(0x78))) await writable(res);
          }
          if (!res.destroyed) res.end('"}\n');
        },
      },
    });
    const before = process.memoryUsage();
    await rejects(drain(client.pullImage('docker.io/library/busybox', { tag: 'latest' })), 'PROTOCOL', /sent a JSON line longer than 16777216 bytes/);
    await delay(100);
    assert.ok(closedEarly, 'berth hung up instead of reading on');
    assert.ok(written < 24 * 1024 * 1024, `the engine got to write ${written} bytes of its 50 MB line`);
    const grown = process.memoryUsage().arrayBuffers - before.arrayBuffers;
    assert.ok(grown < 64 * 1024 * 1024, `array buffers grew by ${grown} bytes`);
  });

  test('a 50 MB line on /events: the event stream fails with PROTOCOL', async () => {
    const { client } = await engine({
      routes: {
        '/events': async (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = Buffer.alloc(1024 * 1024, 0x78);
          for (let i = 0; i < 50 && !res.destroyed; i++) {
            if (!res.write(chunk)) await writable(res);
          }
          if (!res.destroyed) res.end('\n');
        },
      },
    });
    await rejects(drain(client.events()), 'PROTOCOL', /the engine \(watch events\) sent a JSON line longer than/);
  });
});

describe('slow and broken connections', () => {
  test('a list that drips one byte a second ends in TIMEOUT, and other requests are answered meanwhile', async () => {
    const { client } = await engine(
      {
        routes: {
          '/containers/json': (_req, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            const body = '[{"Id":"abc"}]';
            let at = 0;
            const timer = setInterval(() => {
              if (res.destroyed || at >= body.length) return clearInterval(timer);
              res.write(body[at++]);
            }, 1000);
            res.on('close', () => clearInterval(timer));
          },
          '/images/json': (_req, res) => json(res, 200, [{ Id: 'sha256:img' }]),
        },
      },
      { timeoutMs: 2000 },
    );
    const list = client.listContainers();
    // Responsive: the dripping request holds nothing else up.
    assert.deepEqual((await client.listImages()).map((i) => i.Id), ['sha256:img']);
    await rejects(list, 'TIMEOUT', /unix:\/\/.*engine\.sock did not finish answering within 2 s/);
  });

  test('an engine that never sends headers: TIMEOUT too', async () => {
    const { client } = await engine({ routes: { '/containers/json': () => undefined } }, { timeoutMs: 1000 });
    await rejects(client.listContainers(), 'TIMEOUT', /engine\.sock did not finish answering within 1 s/);
  });

  test('a dripping stream is not a timeout: pull progress a byte per 100 ms, past the request deadline, still arrives whole', async () => {
    const { client } = await engine(
      {
        routes: {
          '/images/create': (_req, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            const body = '{"status":"Pulling"}\n';
            let at = 0;
            const timer = setInterval(() => {
              if (at >= body.length) {
                clearInterval(timer);
                res.end();
                return;
              }
              res.write(body[at++]);
            }, 100);
            res.on('close', () => clearInterval(timer));
          },
        },
      },
      { timeoutMs: 1000 },
    );
    const messages = await drain(client.pullImage('docker.io/library/busybox', { tag: 'latest' }));
    assert.deepEqual(messages, [{ status: 'Pulling' }]);
  });

  test('a connection reset mid-stream: events, pulls and logs end in UNREACHABLE with the reason', async () => {
    const reset = (first: string | Buffer) => (_req: unknown, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(first);
      setTimeout(() => res.socket?.destroy(), 50);
    };
    const { client } = await engine({
      routes: {
        '/events': reset('{"Type":"container","Action":"start","time":1}\n{"Type":"cont'),
        '/images/create': reset('{"status":"Downloading","id":"abc","progressDetail":{"current":1,"total":9}}\n'),
        '/containers/abc/logs': reset(Buffer.concat([Buffer.from([1, 0, 0, 0, 0, 0, 0, 6]), Buffer.from('hello\n'), Buffer.from([2, 0, 0, 0, 0, 0, 1, 0]), Buffer.from('partial')])),
      },
    });
    const seen: string[] = [];
    const events = (async () => {
      for await (const event of client.events()) seen.push(event.Action ?? '');
    })();
    await rejects(events, 'UNREACHABLE', /lost the connection to unix:\/\/.*\(other side closed\)/);
    assert.deepEqual(seen, ['start'], 'what came before the reset was delivered');

    const progress: unknown[] = [];
    const pull = (async () => {
      for await (const message of client.pullImage('docker.io/library/busybox', { tag: 'latest' })) progress.push(message);
    })();
    await rejects(pull, 'UNREACHABLE', /lost the connection/);
    assert.equal(progress.length, 1);

    const text: string[] = [];
    const logs = (async () => {
      for await (const piece of client.logs('abc', { tty: false })) text.push(piece.data.toString());
    })();
    await rejects(logs, 'UNREACHABLE', /lost the connection/);
    assert.deepEqual(text.join(''), 'hello\npartial');
  });
});
