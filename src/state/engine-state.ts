import type { EngineKind } from '../engine/identity.ts';
import type { ContainerSummary, ImageSummary } from '../engine/types.ts';

/**
 * `refused`: the engine answers but refuses berth's requests outright (it does not speak the API
 * version pinned with --api-version, or is too old for berth); nothing will work until the user
 * changes something, so berth says what rather than "connecting" for ever.
 */
export type ConnectionStatus = 'connecting' | 'connected' | 'refused' | 'unreachable';

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
  /**
   * Present while the engine accepts connections but answers nothing (frozen, hung): since when
   * (epoch ms) and for how many whole seconds, updated once a second. The lists are stale then.
   */
  notResponding?: { since: number; seconds: number };
  /** When berth last got through to the engine (epoch ms); undefined while it never has. */
  connectedAt?: number;
}

/**
 * `npm run demo`'s sandbox, as the demo tells berth (BERTH_DEMO_REGISTRY, BERTH_DEMO_IMAGES): the
 * registry's address for the status bar, and image references in it to offer for a pull.
 */
export interface DemoInfo {
  registry: string;
  images: readonly string[];
}

export interface ListState<T> {
  items: readonly T[];
  /** False until the first successful load: the pane shows "loading…" rather than "none". */
  loaded: boolean;
  /** True while the engine is unreachable: the last known rows stay visible, marked stale. */
  stale: boolean;
  /**
   * Epoch ms the items arrived: of the last refresh that changed them. Relative times in them
   * (a container's Status, "Up 26 seconds") are as of this moment.
   */
  refreshedAt?: number;
  /**
   * A fleet's merged list (fleet/fleet-lists.ts): when each engine's items arrived, by the
   * engine's short name. Each engine's Status ages are as of its own answer, not the first's.
   */
  refreshedAtBy?: Readonly<Record<string, number>>;
  /** Containers only: just the running ones so far (shown first), the full list still on its way. */
  partial?: boolean;
}

export interface EngineState {
  connection: ConnectionState;
  containers: ListState<ContainerSummary>;
  images: ListState<ImageSummary>;
  /** Present when berth runs inside `npm run demo`. */
  demo?: DemoInfo;
}

export function initialEngineState(endpoint: string, context?: string, demo?: DemoInfo): EngineState {
  return {
    connection: { status: 'connecting', endpoint, ...(context === undefined ? {} : { context }), eventsLive: false },
    containers: { items: [], loaded: false, stale: false },
    images: { items: [], loaded: false, stale: false },
    ...(demo === undefined ? {} : { demo }),
  };
}
