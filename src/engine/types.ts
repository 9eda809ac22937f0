/**
 * Shapes of what the engine sends. Every field is optional: Docker versions and Podman differ,
 * and a missing field must degrade a cell to "-", never crash a pane.
 */

export interface PortBinding {
  IP?: string;
  PrivatePort?: number;
  PublicPort?: number;
  Type?: string;
}

/** A container as listed: only what berth reads of it (shapes.ts toContainerSummary keeps no more). */
export interface ContainerSummary {
  Id: string;
  Names?: string[];
  Image?: string;
  ImageID?: string;
  Created?: number;
  State?: string;
  Status?: string;
  Ports?: PortBinding[];
  Labels?: Record<string, string>;
  /** Volume mounts carry the volume's Name; binds only a Source. */
  Mounts?: { Type?: string; Name?: string; Source?: string; Destination?: string }[] | null;
  /** The networks the container is attached to, by name. */
  NetworkSettings?: { Networks?: Record<string, unknown> | null } | null;
  /** The command it runs, as the list gives it (`docker ps`'s COMMAND). */
  Command?: string;
  /** Its addresses on its networks (the list's NetworkSettings.Networks.*.IPAddress), those it has. */
  IPs?: string[];
}

/** One health-check probe, as `State.Health.Log` holds the last few. */
export interface ContainerHealthProbe {
  Start?: string;
  End?: string;
  ExitCode?: number;
  Output?: string;
}

export interface ContainerInspect {
  Id: string;
  Name?: string;
  Created?: string;
  Image?: string;
  State?: {
    Status?: string;
    Running?: boolean;
    Paused?: boolean;
    Restarting?: boolean;
    ExitCode?: number;
    StartedAt?: string;
    FinishedAt?: string;
    Error?: string;
    OOMKilled?: boolean;
    /** Its health check's state and last probes (absent without one). */
    Health?: { Status?: string; FailingStreak?: number; Log?: ContainerHealthProbe[] | null };
  };
  /** How often its restart policy restarted it. */
  RestartCount?: number;
  Config?: {
    Image?: string;
    Cmd?: string[] | null;
    Tty?: boolean;
    Labels?: Record<string, string> | null;
    Env?: string[] | null;
  };
  [key: string]: unknown;
}

export interface ImageSummary {
  Id: string;
  ParentId?: string;
  RepoTags?: string[] | null;
  RepoDigests?: string[] | null;
  Created?: number;
  Size?: number;
  Containers?: number;
  Labels?: Record<string, string> | null;
}

export interface ContainerCreateConfig {
  Image: string;
  Cmd?: string[];
  Entrypoint?: string[];
  Env?: string[];
  Tty?: boolean;
  OpenStdin?: boolean;
  /** Close the container's stdin when the one attached client detaches (`-i`, as the CLI sets it). */
  StdinOnce?: boolean;
  AttachStdin?: boolean;
  AttachStdout?: boolean;
  AttachStderr?: boolean;
  Labels?: Record<string, string>;
  WorkingDir?: string;
  HostConfig?: {
    AutoRemove?: boolean;
    NetworkMode?: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface ContainerCreateResponse {
  Id: string;
  /** A Go slice: null when there are none. */
  Warnings: string[];
}

export interface WaitResult {
  StatusCode: number;
  Error?: { Message?: string } | null;
}

export type WaitCondition = 'not-running' | 'next-exit' | 'removed';

/** One message of the `/events` stream. */
export interface EngineEvent {
  Type?: string;
  Action?: string;
  Actor?: { ID?: string; Attributes?: Record<string, string> };
  scope?: string;
  time?: number;
  timeNano?: number;
  /** Podman: a `health_status` event's state (Docker puts it in the action: `health_status: unhealthy`). */
  HealthStatus?: string;
  // Pre-1.22 fields some engines still send.
  status?: string;
  id?: string;
  from?: string;
}

export interface ProgressDetail {
  current?: number;
  total?: number;
  start?: number;
  hidecounts?: boolean;
  units?: string;
}

/** One message of a pull's NDJSON stream. `progress` (pre-rendered text) is deliberately not read. */
export interface PullMessage {
  status?: string;
  id?: string;
  progressDetail?: ProgressDetail;
  errorDetail?: { code?: number; message?: string };
  error?: string;
  aux?: unknown;
  /** Plain output (a load's "Loaded image: busybox:latest\n"). */
  stream?: string;
}

export interface PingResult {
  apiVersion?: string;
  osType?: string;
  experimental: boolean;
  swarm?: string;
  /** Podman answers _ping with Libpod-Api-Version as well. */
  podman: boolean;
  /** The builder the engine prefers: "2" BuildKit, "1" the classic one; absent on engines that do not say (dockerd without features.buildkit, Podman). */
  builderVersion?: string;
}

export interface VersionInfo {
  Version?: string;
  ApiVersion?: string;
  MinAPIVersion?: string;
  Os?: string;
  Arch?: string;
  KernelVersion?: string;
  Platform?: { Name?: string };
  /** Docker lists "Engine", containerd, runc…; Podman lists "Podman Engine", Conmon, its runtime. */
  Components?: Array<{ Name?: string; Version?: string }> | null;
}

export type ContainerFilters = Record<string, string[]>;
