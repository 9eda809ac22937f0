import type { EngineKind } from '../engine/identity.ts';
import type { ContainerSummary, ImageSummary } from '../engine/types.ts';

export type ConnectionStatus = 'connecting' | 'connected' | 'unreachable';

export interface ConnectionState {
  status: ConnectionStatus;
  endpoint: string;
  /** The docker context the endpoint came from, when not the default one. */
  context?: string;
  /** Docker or Podman (from /version), once known: features that differ say why by it. */
  engineKind?: EngineKind;
  /** The engine's own version: `20.10.24` for Docker, `4.3.1` for Podman. */
  engineVersion?: string;
  apiVersion?: string;
  /** Present while unreachable: the reason and what a person can do about it. */
  error?: string;
  hint?: string;
  /** When the next reconnect attempt happens (epoch ms), for the banner's countdown. */
  retryAt?: number;
  /** Whether the /events stream is live (otherwise berth is polling alone). */
  eventsLive: boolean;
}

export interface ListState<T> {
  items: readonly T[];
  /** False until the first successful load: the pane shows "loading…" rather than "none". */
  loaded: boolean;
  /** True while the engine is unreachable: the last known rows stay visible, marked stale. */
  stale: boolean;
  /** Epoch ms of the last successful refresh. */
  refreshedAt?: number;
}

export interface EngineState {
  connection: ConnectionState;
  containers: ListState<ContainerSummary>;
  images: ListState<ImageSummary>;
}

export function initialEngineState(endpoint: string, context?: string): EngineState {
  return {
    connection: { status: 'connecting', endpoint, ...(context === undefined ? {} : { context }), eventsLive: false },
    containers: { items: [], loaded: false, stale: false },
    images: { items: [], loaded: false, stale: false },
  };
}
