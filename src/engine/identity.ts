/**
 * Which engine answers: Docker or Podman (its Docker-compatible service), and its own version,
 * so the status bar can say `podman 4.3.1` or `docker 20.10.24` and features that differ can say
 * why. Podman gives itself away in /_ping (`Libpod-Api-Version`) and /version (a component named
 * "Podman Engine"); anything else that speaks the API is taken for Docker.
 */
import type { PingResult, VersionInfo } from './types.ts';

export type EngineKind = 'docker' | 'podman';

export interface EngineIdentity {
  kind: EngineKind;
  /** The engine's own version (not the API version), when it says. */
  version?: string;
}

export function identifyEngine(version: VersionInfo, ping?: Pick<PingResult, 'podman'>): EngineIdentity {
  const components = Array.isArray(version.Components) ? version.Components : [];
  const podman = components.find((component) => /podman/i.test(component?.Name ?? ''));
  if (podman || ping?.podman) {
    const own = podman?.Version || version.Version;
    return own ? { kind: 'podman', version: own } : { kind: 'podman' };
  }
  return version.Version ? { kind: 'docker', version: version.Version } : { kind: 'docker' };
}
