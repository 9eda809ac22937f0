/**
 * Engines on this machine that nobody configured: Docker's socket, then Podman's (rootless under
 * $XDG_RUNTIME_DIR, then root), in the order a user of each expects to be found. Used when no
 * --host, --context, DOCKER_HOST or docker context says otherwise, and by the engine list.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';

export type LocalEngineKind = 'docker' | 'podman-rootless' | 'podman';

export interface LocalSocket {
  kind: LocalEngineKind;
  socketPath: string;
  /** `unix://<socketPath>` */
  host: string;
}

/** Where each engine puts its socket; tests point these at temp dirs. */
export interface SocketLocations {
  docker: string;
  podmanRoot: string;
}

export const STANDARD_SOCKETS: SocketLocations = {
  docker: '/var/run/docker.sock',
  podmanRoot: '/run/podman/podman.sock',
};

/** Every place berth looks, in order, whether or not something listens there. */
export function socketCandidates(env: NodeJS.ProcessEnv, locations: SocketLocations = STANDARD_SOCKETS): LocalSocket[] {
  const candidates: Array<[LocalEngineKind, string]> = [['docker', locations.docker]];
  // Podman's rootless service (`systemctl --user start podman.socket`) lives in the user's runtime dir.
  const runtimeDir = env.XDG_RUNTIME_DIR?.trim();
  if (runtimeDir) candidates.push(['podman-rootless', join(runtimeDir, 'podman', 'podman.sock')]);
  candidates.push(['podman', locations.podmanRoot]);
  return candidates.map(([kind, socketPath]) => ({ kind, socketPath, host: `unix://${socketPath}` }));
}

export function isSocket(path: string): boolean {
  try {
    return statSync(path).isSocket();
  } catch {
    return false;
  }
}

/** The candidates where a socket exists now. */
export function findLocalSockets(env: NodeJS.ProcessEnv, locations: SocketLocations = STANDARD_SOCKETS, exists = isSocket): LocalSocket[] {
  return socketCandidates(env, locations).filter((candidate) => exists(candidate.socketPath));
}

/**
 * The engine to use when nothing is configured: the first socket found, else Docker's standard
 * one (so the message when nothing runs names the place most people expect).
 */
export function defaultLocalHost(env: NodeJS.ProcessEnv, locations: SocketLocations = STANDARD_SOCKETS, exists = isSocket): string {
  return findLocalSockets(env, locations, exists)[0]?.host ?? `unix://${locations.docker}`;
}
