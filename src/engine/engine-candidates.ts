/**
 * Every engine a user could switch berth to: the docker contexts (the current one marked, as
 * `docker context ls` marks it), DOCKER_HOST when set (it is what the "default" context means
 * then), and the local sockets found (Docker, Podman rootless, Podman root) that no entry above
 * already points at. `listEngineCandidates` is pure; `readEngineCandidates` gathers its input.
 */
import { currentContextName, listContexts, type StoredContext } from './context.ts';
import { hostAddress } from './transport.ts';
import { findLocalSockets, STANDARD_SOCKETS, type LocalSocket, type SocketLocations } from './discovery.ts';

export interface EngineCandidate {
  /** What a list shows first: a context name, or the local engine's kind. */
  name: string;
  /** The address, DOCKER_HOST-style. */
  host: string;
  source: 'context' | 'env' | 'socket';
  /** The engine a plain `docker` command would use now. */
  current: boolean;
  /** What to give EngineClient to connect there. */
  target: { context: string } | { host: string };
  description?: string;
}

export interface CandidateInput {
  contexts: readonly StoredContext[];
  /** `currentContextName`: "default" when DOCKER_HOST is set or nothing was chosen. */
  currentContext: string;
  dockerHost: string | undefined;
  sockets: readonly LocalSocket[];
}

const socketNames: Record<LocalSocket['kind'], string> = { docker: 'docker', 'podman-rootless': 'podman (rootless)', podman: 'podman (root)' };

export function listEngineCandidates({ contexts, currentContext, dockerHost: written, sockets }: CandidateInput): EngineCandidate[] {
  const list: EngineCandidate[] = [];
  // DOCKER_HOST=/var/run/docker.sock is the socket found there, not one more engine.
  const dockerHost = written && hostAddress(written);
  if (dockerHost) {
    list.push({ name: 'default', host: dockerHost, source: 'env', current: currentContext === 'default', target: { host: dockerHost }, description: 'DOCKER_HOST' });
  } else if (sockets[0]) {
    const first = sockets[0];
    list.push({ name: 'default', host: first.host, source: 'socket', current: currentContext === 'default', target: { host: first.host }, description: socketNames[first.kind] });
  }
  for (const context of contexts) {
    if (context.name === 'default') continue; // the CLI never stores it; a stray entry must not shadow the real one
    list.push({
      name: context.name,
      host: context.host,
      source: 'context',
      current: context.name === currentContext,
      target: { context: context.name },
      ...(context.description ? { description: context.description } : {}),
    });
  }
  const listed = new Set(list.map((candidate) => candidate.host));
  for (const socket of sockets) {
    if (listed.has(socket.host)) continue;
    listed.add(socket.host);
    list.push({ name: socketNames[socket.kind], host: socket.host, source: 'socket', current: false, target: { host: socket.host } });
  }
  return list;
}

export function readEngineCandidates(env: NodeJS.ProcessEnv, homedir: string, locations: SocketLocations = STANDARD_SOCKETS): EngineCandidate[] {
  const location = { env, homedir };
  return listEngineCandidates({
    contexts: listContexts(location),
    currentContext: currentContextName(location),
    dockerHost: env.DOCKER_HOST || undefined,
    sockets: findLocalSockets(env, locations),
  });
}
