/**
 * berth's own catalog and tag-list questions against a local registry stand-in that speaks the
 * token flow with a scope per question (`registry:catalog:*`, `repository:…:pull`): each follows
 * its challenge, and what is not a list of names in the answer is ignored. Plain HTTP, as for a
 * local registry; a registry without a catalog (404) is said so.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { registryCatalog, registryTags } from '../../src/engine/registry-catalog.ts';

const tokens: Record<string, string> = { 'registry:catalog:*': 'CAT', 'repository:team/app:pull': 'APP' };
let catalog = true;
const server = createServer((req, res) => {
  const { port } = server.address() as AddressInfo;
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/token') {
    const token = tokens[url.searchParams.get('scope') ?? ''];
    if (req.headers.authorization !== `Basic ${Buffer.from('me:secret').toString('base64')}` || !token) return res.writeHead(401).end();
    return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: token }));
  }
  const challenge = (scope: string) => res.writeHead(401, { 'www-authenticate': `Bearer realm="http://127.0.0.1:${port}/token",service="stand-in",scope="${scope}"` }).end();
  if (url.pathname === '/v2/_catalog') {
    if (!catalog) return res.writeHead(404).end();
    if (req.headers.authorization !== 'Bearer CAT') return challenge('registry:catalog:*');
    assert.equal(url.searchParams.get('n'), '1000');
    return res.writeHead(200).end(JSON.stringify({ repositories: ['team/app', 'team/web', 7, null] }));
  }
  if (url.pathname === '/v2/team/app/tags/list') {
    if (req.headers.authorization !== 'Bearer APP') return challenge('repository:team/app:pull');
    return res.writeHead(200).end(JSON.stringify({ name: 'team/app', tags: ['1.0', 'latest', '1.2', { evil: true }] }));
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
const auth = { serveraddress: host, username: 'me', password: 'secret' };
after(() => server.close());

test('the catalog and a repository’s tags, each through its own token; names only', async () => {
  assert.deepEqual(await registryCatalog(host, auth), ['team/app', 'team/web']);
  assert.deepEqual(await registryTags(host, 'team/app', auth), ['1.0', 'latest', '1.2']);
});

test('refusals and a registry without a catalog, said', async () => {
  await assert.rejects(registryTags(host, 'team/app', { ...auth, password: 'wrong' }), /refused the credentials/);
  await assert.rejects(registryTags(host, 'team/none', auth), /no such repository/);
  catalog = false;
  await assert.rejects(registryCatalog(host, auth), /keeps no catalog/);
});
