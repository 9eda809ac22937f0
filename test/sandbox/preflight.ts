/**
 * Before a pass: does its engine answer, and does the engine's own way to the sandbox registry
 * work? A pass whose engine cannot reach the registry would otherwise fail test after test, each
 * after its own timeout (a whole run once lost its Podman pass that way); this names the broken
 * part in one line instead, in a second or so.
 *
 * The registry is asked through the engine, with the sandbox credentials, by requests that change
 * nothing: dockerd's `GET /distribution/<ref>/json` (it fetches the manifest) and Podman's
 * `GET /libpod/images/search?listTags=true` (it lists the repository's tags; Podman 4.3 has no
 * /distribution). When that fails, the host side (the registry itself, on 127.0.0.1) and the
 * engine's way out (for Podman: slirp4netns, its tap device and route) are looked at to say which
 * part is broken. The sandbox's sshd, an engine of every pass, must answer with its banner.
 */
import http from 'node:http';
import net from 'node:net';
import { engineRequest } from './engine-http.ts';
import type { RegistryLogin } from './images.ts';

/** The repository every sandbox registry holds (test/sandbox/images.ts). */
const PROBE_REPOSITORY = 'berth/busybox';

export interface PreflightEngine {
  kind: 'docker' | 'podman';
  socketPath: string;
  /** The registry as this engine reaches it (Podman: 10.0.2.2:<port>). */
  registry: RegistryLogin;
  /** What is broken of the engine's way out to the registry, if the sandbox can tell. */
  networkProblem?: () => string | undefined;
}

export interface PreflightTarget {
  engine: PreflightEngine;
  /** The registry as the host reaches it (127.0.0.1:<port>). */
  hostRegistry: RegistryLogin;
  /** The sandbox sshd's port on 127.0.0.1, when the pass uses the ssh engine. */
  sshPort?: number;
}

const PING_MS = 3000;
const PROBE_MS = 10_000;

/** undefined when the pass can run; else one line naming the broken part. */
export async function preflight(target: PreflightTarget): Promise<string | undefined> {
  const { engine } = target;
  const ping = await engineRequest(engine.socketPath, 'GET', '/_ping', undefined, PING_MS).catch((e: Error) => e);
  if (ping instanceof Error || ping.status !== 200) {
    const why = ping instanceof Error ? ping.message : `HTTP ${ping.status}`;
    return `${engine.kind}: the engine does not answer /_ping on ${engine.socketPath} (${why})`;
  }
  const probe = await registryThroughEngine(engine);
  if (probe !== undefined) {
    const host = await registryOnHost(target.hostRegistry);
    if (host !== undefined) return `registry ${target.hostRegistry.address} does not answer on the host (${host}), so ${engine.kind} cannot pull from it either`;
    return engine.networkProblem?.() ?? `${engine.kind}: cannot reach registry ${engine.registry.address} (${probe})`;
  }
  if (target.sshPort !== undefined && !(await speaksSsh(target.sshPort))) {
    return `ssh: the sandbox sshd on 127.0.0.1:${target.sshPort} does not answer with an SSH banner`;
  }
  return undefined;
}

/** undefined when the engine reached the registry and it answered for the probe repository. */
async function registryThroughEngine(engine: PreflightEngine): Promise<string | undefined> {
  const { address, username, password } = engine.registry;
  const reference = `${address}/${PROBE_REPOSITORY}`;
  let path: string;
  let headers: Record<string, string>;
  if (engine.kind === 'docker') {
    path = `/distribution/${reference}:latest/json`;
    // base64url with its padding: dockerd reads it with Go's URLEncoding, which needs the `=`, and
    // takes a header it cannot decode as no credentials at all.
    const json = Buffer.from(JSON.stringify({ username, password, serveraddress: address })).toString('base64');
    headers = { 'X-Registry-Auth': json.replaceAll('+', '-').replaceAll('/', '_') };
  } else {
    path = `/v4.0.0/libpod/images/search?term=${encodeURIComponent(reference)}&listTags=true&tlsVerify=false`;
    // Podman's search takes credentials per registry from X-Registry-Config (not X-Registry-Auth).
    headers = { 'X-Registry-Config': Buffer.from(JSON.stringify({ [address]: { username, password } })).toString('base64') };
  }
  try {
    const res = await request({ socketPath: engine.socketPath, path, headers: { ...headers, Host: 'docker' } });
    if (res.status !== 200) return `HTTP ${res.status}: ${oneLine(res.body)}`;
    // dockerd: {"Descriptor":…}; Podman: [{"Name":"…/berth/busybox","Tag":"latest"}].
    if (!res.body.includes(engine.kind === 'docker' ? '"Descriptor"' : '"Tag":"latest"')) return `unexpected answer: ${oneLine(res.body)}`;
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** undefined when the registry answers `/v2/` with the sandbox credentials. */
async function registryOnHost(registry: RegistryLogin): Promise<string | undefined> {
  const [host, port] = [registry.address.slice(0, registry.address.lastIndexOf(':')), registry.address.slice(registry.address.lastIndexOf(':') + 1)];
  try {
    const res = await request({ host, port: Number(port), path: '/v2/', auth: `${registry.username}:${registry.password}` }, PING_MS);
    return res.status === 200 ? undefined : `HTTP ${res.status}`;
  } catch (error) {
    return (error as Error).message;
  }
}

function speaksSsh(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PING_MS, () => done(false));
    socket.once('data', (chunk: Buffer) => done(chunk.toString('latin1').startsWith('SSH-')));
    socket.once('error', () => done(false));
  });
}

function request(options: http.RequestOptions, timeoutMs = PROBE_MS): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent: false, timeout: timeoutMs, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 300);
