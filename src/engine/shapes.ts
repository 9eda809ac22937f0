/**
 * The list answers as the types promise them. An engine (an old Docker, Podman's compat layer,
 * something broken or hostile) may send `null` for an empty array, a number where a string
 * belongs, or an object where an array does; the UI formats these fields on every frame, and a
 * single `Ports: null` would otherwise take the whole screen down. Wrongly typed fields are
 * dropped (a missing field already degrades a cell to "-"), and entries without an id are not
 * containers or images at all. Unknown fields pass through untouched: the schema is open; except
 * in a container summary, which keeps only what berth reads of it (below).
 */
import type { ContainerSummary, EngineEvent, ImageSummary, PortBinding } from './types.ts';

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function string(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

function labels(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string') out[key] = v;
  return out;
}

function ports(value: unknown): PortBinding[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isObject).map((p) =>
    defined({
      ...p,
      IP: string(p.IP),
      PrivatePort: number(p.PrivatePort),
      PublicPort: number(p.PublicPort),
      Type: string(p.Type),
    }),
  );
}

/** Keeps the keys whose value is defined, so `{ Ports: undefined }` reads as no Ports at all. */
function defined<T extends Fields>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}

/**
 * A container summary with only the fields berth reads (types.ts ContainerSummary): an engine
 * lists every container with its Command, HostConfig, each network's endpoint (ids, addresses, MAC) and
 * each mount's mode and propagation, ~1 KB of objects a container that nothing reads, and a list
 * of 10,000 containers is kept whole for as long as it is shown. Of the networks only the names
 * are read (who uses a network), so each maps to one shared empty object.
 */
export function toContainerSummary(value: unknown): ContainerSummary | undefined {
  if (!isObject(value) || typeof value.Id !== 'string' || value.Id === '') return undefined;
  return defined({
    Id: value.Id,
    Names: strings(value.Names),
    Image: string(value.Image),
    ImageID: string(value.ImageID),
    Created: number(value.Created),
    State: string(value.State),
    Status: string(value.Status),
    Ports: ports(value.Ports),
    Labels: labels(value.Labels),
    Mounts: mounts(value.Mounts),
    NetworkSettings: networkSettings(value.NetworkSettings),
    Command: string(value.Command),
    IPs: addresses(value.NetworkSettings),
  });
}

/** The container's addresses on its networks; undefined when it has none (the usual stopped container). */
function addresses(value: unknown): string[] | undefined {
  if (!isObject(value) || !isObject(value.Networks)) return undefined;
  const found = Object.values(value.Networks).flatMap((n) => (isObject(n) && typeof n.IPAddress === 'string' && n.IPAddress !== '' ? [n.IPAddress] : []));
  return found.length > 0 ? found : undefined;
}

type Mount = NonNullable<ContainerSummary['Mounts']>[number];

function mounts(value: unknown): Mount[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isObject).map((m) => defined<Mount>({ Type: string(m.Type), Name: string(m.Name), Source: string(m.Source), Destination: string(m.Destination) }));
}

/** What a network's entry holds is never read: every one is this object. */
const ATTACHED: Readonly<Record<string, never>> = Object.freeze({});

/**
 * NetworkSettings by the names of its networks: 10,000 containers on `bridge` share one (frozen,
 * as nothing may change a listed container). Only a few sets are kept, so an engine with a
 * network set per container costs an object each, as without the cache.
 */
const sharedSettings = new Map<string, NonNullable<ContainerSummary['NetworkSettings']>>();
const SHARED_SETTINGS_MAX = 64;

function networkSettings(value: unknown): ContainerSummary['NetworkSettings'] {
  if (!isObject(value) || !isObject(value.Networks)) return undefined;
  const names = Object.keys(value.Networks);
  const key = names.join('\u0000');
  let settings = sharedSettings.get(key);
  if (settings === undefined) {
    // fromEntries: a network named "__proto__" is a name like any other.
    settings = Object.freeze({ Networks: Object.freeze(Object.fromEntries(names.map((name) => [name, ATTACHED]))) });
    if (sharedSettings.size < SHARED_SETTINGS_MAX) sharedSettings.set(key, settings);
  }
  return settings;
}

export function toImageSummary(value: unknown): ImageSummary | undefined {
  if (!isObject(value) || typeof value.Id !== 'string' || value.Id === '') return undefined;
  return defined({
    ...value,
    Id: value.Id,
    ParentId: string(value.ParentId),
    RepoTags: strings(value.RepoTags),
    RepoDigests: strings(value.RepoDigests),
    Created: number(value.Created),
    Size: number(value.Size),
    Containers: number(value.Containers),
    Labels: labels(value.Labels),
  });
}

/** An event whose fields have the types the sync loop and log sessions branch on; undefined for non-objects. */
export function toEngineEvent(value: unknown): EngineEvent | undefined {
  if (!isObject(value)) return undefined;
  const actor = isObject(value.Actor) ? defined({ ID: string(value.Actor.ID), Attributes: labels(value.Actor.Attributes) }) : undefined;
  return defined({
    ...value,
    Type: string(value.Type),
    Action: string(value.Action),
    Actor: actor,
    scope: string(value.scope),
    time: number(value.time),
    timeNano: number(value.timeNano),
    status: string(value.status),
    id: string(value.id),
    from: string(value.from),
  });
}
