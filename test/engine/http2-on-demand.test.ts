/**
 * src/engine/http2-on-demand.ts stands in for `node:http2` inside undici in berth's bundle: its
 * constants must be Node's, and undici must use nothing of the module but those constants and
 * `connect` (an undici upgrade that reads more would get undefined in the bundle).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import http2 from 'node:http2';
import { createServer } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as onDemand from '../../src/engine/http2-on-demand.ts';

const undiciLib = fileURLToPath(new URL('../../node_modules/undici/lib/', import.meta.url));

function undiciFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? undiciFiles(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []));
}

test("the stand-in's constants are node:http2's", () => {
  for (const [name, value] of Object.entries(onDemand.constants)) assert.equal(value, http2.constants[name as keyof typeof http2.constants], name);
});

test('undici reads only those constants and connect from node:http2', () => {
  const users = undiciFiles(undiciLib).filter((f) => readFileSync(f, 'utf8').includes("require('node:http2')"));
  assert.ok(users.length > 0, 'undici still requires node:http2 somewhere (else the build plugin has nothing to do)');
  for (const file of users) {
    const source = readFileSync(file, 'utf8');
    const variable = /(\w+) = require\('node:http2'\)/.exec(source)?.[1];
    assert.ok(variable, `${file}: node:http2 is assigned to a variable`);
    const members = new Set([...source.matchAll(new RegExp(`\\b${variable}\\.(\\w+)`, 'g'))].map((m) => m[1]));
    for (const member of members) assert.ok(member === 'connect' || member === 'constants', `${file} uses ${variable}.${member}`);
    const destructured = new RegExp(`constants: \\{([^}]*)\\}\\s*\\} = ${variable}\\b`).exec(source)?.[1] ?? '';
    for (const name of destructured.split(',').map((n) => n.trim()).filter(Boolean)) assert.ok(Object.hasOwn(onDemand.constants, name), `${file} reads constants.${name}`);
  }
});

test('connect loads node:http2 and connects with it', async (t) => {
  // A plain TCP server: the session is made and its socket reaches the server, whatever it answers.
  const server = createServer((socket) => socket.destroy());
  t.after(() => server.close());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const session = onDemand.connect(`http://127.0.0.1:${port}`);
  assert.equal(typeof session.request, 'function');
  await new Promise<void>((resolve) => {
    session.once('close', resolve);
    session.once('error', () => undefined);
  });
  session.destroy();
});
