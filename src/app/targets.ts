/**
 * What an action acts on: the thing under the cursor, in the words every pane, dialog and view
 * share. A pane says what its selected row is (its `target`) and what its list is as a whole (its
 * `list`, for prune, create and run); an action that opens a dialog or a view is declared by that
 * dialog's or view's module, for the kinds of target it takes (actions/index.ts), so a pane names
 * no dialog and a dialog names no pane. Engine strings here are as the engine sent them
 * (sanitised where drawn).
 */

/** The kind of thing a list's rows are: a target's kind, 'event' (the engine's event log), or 'build-cache' (the disk view's records). */
export type ListKind = 'container' | 'image' | 'volume' | 'network' | 'service' | 'node' | 'event' | 'build-cache';

export interface ContainerTarget {
  kind: 'container';
  id: string;
  /** The engine's own name for it (not the list's "name (service)"). */
  name: string;
  /** How the list shows it (the name cell): for messages that quote the row. */
  shown: string;
  state: string;
  /** `com.docker.swarm.service.name`, when it is a swarm task. */
  service?: string;
  /** In a fleet: the short name of its engine (what acts on it goes there: app/fleet/route.ts). */
  engine?: string;
  /** An Incidents row's container: the incident's seq (state/incidents), what its card shows. */
  incident?: number;
}

export interface ProjectMember {
  id: string;
  name: string;
  state: string;
  service: string;
  /** In a fleet: the short name of its engine. */
  engine?: string;
}

/** A Compose project's header row (the grouped view): acts on all its containers. */
export interface ProjectTarget {
  kind: 'project';
  project: string;
  members: readonly ProjectMember[];
}

export interface ImageTarget {
  kind: 'image';
  imageId: string;
  /** `repo:tag`, or `<none>:<none>` for an untagged image. */
  tag: string;
  /** In a fleet: the short name of its engine. */
  engine?: string;
}

export interface VolumeTarget {
  kind: 'volume';
  name: string;
  /** Containers that use it. */
  users: number;
  /** In a fleet: the short name of its engine. */
  engine?: string;
}

export interface NetworkTarget {
  kind: 'network';
  id: string;
  name: string;
  users: number;
  /** In a fleet: the short name of its engine. */
  engine?: string;
}

export interface ServiceTarget {
  kind: 'service';
  serviceId: string;
  name: string;
  /** Replicated: its replica count; global services have none. */
  scale?: number;
  /** In a fleet: the short name of the manager it was read from. */
  engine?: string;
}

export interface TaskTarget {
  kind: 'task';
  taskId: string;
  name: string;
  serviceId: string;
  containerId?: string;
  /** In a fleet: the short name of the manager it was read from. */
  engine?: string;
}

export interface NodeTarget {
  kind: 'node';
  nodeId: string;
  name: string;
  /** In a fleet: the short name of the manager it was read from. */
  engine?: string;
}

export interface PullTarget {
  kind: 'pull';
  pullId: string;
  running: boolean;
}

/** A pane's list as a whole: what prune, create and run act on when no row is meant. */
export interface ListTarget {
  kind: 'list';
  of: ListKind;
  /** An image row's reference, when the list is the images' and a tagged one is selected (run prefills it). */
  image?: string;
}

/**
 * The marked rows of a pane (app/marks.ts), each with its own target: what the bulk actions
 * (stop, start, restart, pause, kill, remove) act on while the pane has marks.
 */
export interface MarkedTarget {
  kind: 'marked';
  of: ListKind;
  items: ReadonlyArray<{ key: string; target: Target }>;
}

/** A path in a container: the file browser's selected row (copy out, copy in act on it). */
export interface PathTarget {
  kind: 'path';
  containerId: string;
  /** The container, as the browser names it. */
  name: string;
  /** The row's path (absolute, in the container). */
  path: string;
  /** The directory the browser shows: where a copy in lands. */
  directory: string;
  /** The browser's overlay: told to read its directory again once a copy in has landed. */
  browser: number;
  /** In a fleet: the engine the container is on (the browser's own). */
  engine?: string;
}

/** Berth itself: what the global actions that open something (pull, the engine switcher) act on. */
export interface AppTarget {
  kind: 'app';
}

export type Target = ContainerTarget | ProjectTarget | ImageTarget | VolumeTarget | NetworkTarget | ServiceTarget | TaskTarget | NodeTarget | PullTarget | ListTarget | MarkedTarget | AppTarget | PathTarget;
export type TargetKind = Target['kind'];
export type TargetOf<K extends TargetKind> = Extract<Target, { kind: K }>;
