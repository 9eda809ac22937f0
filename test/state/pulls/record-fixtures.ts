/**
 * Records the pull fixtures in ./fixtures from a real engine and registry (the sandbox):
 * `npx tsx test/state/pulls/record-fixtures.ts`. Each fixture is the raw body of
 * `POST /images/create`, byte for byte, and fixtures/index.json keeps the HTTP status of
 * each, since an engine may refuse a pull before any stream starts.
 *
 * Plain node:http over the socket rather than berth's own client: a fixture must show what
 * the engine sent, not what our decoder made of it.
 *
 * Nothing secret ends up in the files: credentials travel only in the X-Registry-Auth
 * header, and the script fails if the password appears in any body it recorded.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../sandbox/sandbox.ts';

interface Recorded {
  status: number;
  body: Buffer;
}

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

function pull(socketPath: string, fromImage: string, tag: string, auth: Record<string, string>): Promise<Recorded> {
  const header = Buffer.from(JSON.stringify(auth)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  const query = new URLSearchParams({ fromImage, tag }).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath, method: 'POST', path: `/v1.41/images/create?${query}`, agent: false, headers: { Host: 'docker', 'X-Registry-Auth': header } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const sandbox = await startSandbox({ log: (line) => process.stderr.write(`[sandbox] ${line}\n`) });
try {
  const { address, username, password } = sandbox.registry;
  const good = { username, password, serveraddress: address };
  const bad = { username, password: `${password}-wrong`, serveraddress: address };
  const repo = `${address}/berth/layers`;
  const index: Record<string, { status: number; fromImage: string; tag: string; what: string }> = {};
  const save = (name: string, what: string, fromImage: string, tag: string, recorded: Recorded) => {
    const text = recorded.body.toString('utf8');
    if (text.includes(password)) throw new Error(`${name}: the registry password appears in the body; not saving it`);
    writeFileSync(path.join(dir, `${name}.ndjson`), recorded.body);
    index[name] = { status: recorded.status, fromImage, tag, what };
    process.stderr.write(`${name}: HTTP ${recorded.status}, ${recorded.body.length} bytes\n`);
  };

  // Without the local busybox every layer of the multi-layer image must be downloaded.
  await sandbox.docker(['rmi', sandbox.images.busybox]);
  save('fresh', 'nothing local: every layer downloaded', repo, 'latest', await pull(sandbox.socketPath, repo, 'latest', good));
  save('up-to-date', 'the same pull again', repo, 'latest', await pull(sandbox.socketPath, repo, 'latest', good));

  // Only the base layer local: it reports "Already exists", the rest download.
  await sandbox.docker(['rmi', `${repo}:latest`]);
  const base = `${address}/berth/busybox`;
  const basePull = await pull(sandbox.socketPath, base, 'latest', good);
  if (basePull.status !== 200) throw new Error(`pulling the base image failed: ${basePull.body.toString()}`);
  save('some-present', 'base layer already present', repo, 'latest', await pull(sandbox.socketPath, repo, 'latest', good));

  save('auth-failure', 'wrong password', repo, 'latest', await pull(sandbox.socketPath, repo, 'latest', bad));
  save('missing-tag', 'a tag the registry does not have', repo, 'no-such-tag', await pull(sandbox.socketPath, repo, 'no-such-tag', good));
  save('anonymous', 'no credentials for a registry that wants them', repo, 'latest', await pull(sandbox.socketPath, repo, 'latest', { serveraddress: address }));
  writeFileSync(path.join(dir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
} finally {
  await sandbox.stop();
}
