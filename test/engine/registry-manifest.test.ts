/**
 * berth's own manifest HEAD against a local registry stand-in that speaks the token flow (the
 * sandbox registry uses Basic auth; Docker Hub, GHCR and most others use Bearer tokens): the
 * 401's challenge is followed to the realm with the credentials, the token is sent, and the
 * Accept list names image indexes. Plain HTTP, as for a local registry.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { registryDigest } from '../../src/engine/registry-manifest.ts';

const seen: IncomingHttpHeaders[] = [];
const server = createServer((req, res) => {
  const { port } = server.address() as AddressInfo;
  if (req.url?.startsWith('/token')) {
    const url = new URL(req.url, 'http://x');
    const basic = `Basic ${Buffer.from('me:secret').toString('base64')}`;
    if (req.headers.authorization !== basic || url.searchParams.get('scope') !== 'repository:team/app:pull') return res.writeHead(401).end();
    return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: 'T0KEN' }));
  }
  if (req.url === '/v2/team/app/manifests/1' && req.method === 'HEAD') {
    seen.push(req.headers);
    if (req.headers.authorization !== 'Bearer T0KEN') {
      return res.writeHead(401, { 'www-authenticate': `Bearer realm="http://127.0.0.1:${port}/token",service="stand-in",scope="repository:team/app:pull"` }).end();
    }
    return res.writeHead(200, { 'docker-content-digest': 'sha256:abc' }).end();
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
after(() => server.close());

test('the token flow: challenge, token with the credentials, the digest; the index media types accepted', async () => {
  assert.equal(await registryDigest(host, 'team/app', '1', { serveraddress: host, username: 'me', password: 'secret' }), 'sha256:abc');
  assert.match(String(seen.at(-1)?.accept), /application\/vnd\.oci\.image\.index\.v1\+json/);
  assert.match(String(seen.at(-1)?.accept), /manifest\.list\.v2\+json/);
});

test('wrong credentials: the registry’s refusal, said', async () => {
  await assert.rejects(registryDigest(host, 'team/app', '1', { serveraddress: host, username: 'me', password: 'wrong' }), /refused the credentials/);
});
