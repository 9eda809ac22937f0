/**
 * What `POST /images/prune` will do, image by image, worked out the way dockerd's image store
 * does it (moby `daemon/images/image_prune.go` and `image_delete.go`; the graph-driver store,
 * which API 1.41 engines and the sandbox use):
 *
 * - dangling only (the default): images with no tag, no child image and no container are deleted.
 * - `dangling=false`: the engine tries to delete *every* reference of *every* image, in the
 *   order its reference store sorts them (by the full name). Deleting a reference only untags
 *   unless it is the image's last one ("single": at most one tag, and digests of that one
 *   repository); the last one of an image some container uses is refused. So an image in use
 *   loses every tag but one, and an unused one loses all its tags and, unless an image that
 *   stays is built on it, goes. A tag's removal also removes the digests of its repository
 *   once no other tag of that repository is left.
 *
 * The engine also lists the layers it deleted: those are not predicted here (see outcome.ts).
 */
import { parseImageReference } from '../../engine/reference.ts';

export interface PruneImage {
  Id: string;
  ParentId?: string;
  RepoTags?: readonly string[] | null;
  RepoDigests?: readonly string[] | null;
  /** Containers using it (running or stopped). */
  Containers?: number;
  Size?: number;
  SharedSize?: number;
}

export interface ImageStep {
  kind: 'untag' | 'delete';
  imageId: string;
  /** The reference untagged (as the engine reports it), or for a delete every reference it had. */
  refs: readonly string[];
  /** Untag only: why the image itself stays. */
  stays?: 'used' | 'child';
  /** Containers using the image. */
  containers: number;
  /** Delete only: what only this image holds. */
  size?: number;
}

interface Ref {
  /** As the engine reports it: familiar ("busybox:latest", "reg:5000/app@sha256:…"). */
  familiar: string;
  /** The order of the engine's reference store: the full name ("docker.io/library/busybox:latest"). */
  full: string;
  /** The repository, full ("docker.io/library/busybox"). */
  name: string;
  canonical: boolean;
}

function toRef(text: string): Ref | undefined {
  if (text.startsWith('<none>')) return undefined;
  const parsed = parseImageReference(text);
  if (!parsed.ok) return undefined;
  const { domain, path, tag, digest, familiar } = parsed.ref;
  const name = `${domain}/${path}`;
  return { familiar, name, canonical: digest !== undefined, full: digest !== undefined ? `${name}@${digest}` : `${name}:${tag ?? 'latest'}` };
}

/** References of an image, in the engine's order. Go compares strings by bytes: so does `<` on ASCII. */
function refsOf(image: PruneImage): Ref[] {
  const refs = [...(image.RepoTags ?? []), ...(image.RepoDigests ?? [])].flatMap((text) => toRef(text) ?? []);
  const unique = new Map(refs.map((r) => [r.full, r]));
  return [...unique.values()].sort((a, b) => (a.full < b.full ? -1 : a.full > b.full ? 1 : 0));
}

/** moby `isSingleReference`: at most one tag, and every digest of that tag's repository. */
function isSingleReference(refs: readonly Ref[]): boolean {
  if (refs.length <= 1) return refs.length === 1;
  let single: Ref | undefined;
  const canonical = new Set<string>();
  for (const ref of refs) {
    if (ref.canonical) canonical.add(ref.name);
    else if (single === undefined) single = ref;
    else return false;
  }
  const first = single ?? refs[0];
  return first !== undefined && canonical.size === 1 && canonical.has(first.name);
}

/** Untags one reference, as `ImageDelete(ref)` does; undefined when the engine refuses (conflict). */
function untag(current: readonly Ref[], ref: Ref, used: boolean): { left: Ref[]; untagged: Ref[] } | undefined {
  if (used && isSingleReference(current)) return undefined;
  let left = current.filter((r) => r.full !== ref.full);
  const untagged = [ref];
  // A tag gone with no other tag of its repository left: that repository's digests go with it.
  if (!ref.canonical && !left.some((r) => !r.canonical && r.name === ref.name)) {
    untagged.push(...left.filter((r) => r.canonical && r.name === ref.name));
    left = left.filter((r) => !(r.canonical && r.name === ref.name));
  }
  return { left, untagged };
}

function uniqueSize(image: PruneImage): number | undefined {
  return image.Size !== undefined && image.Size >= 0 ? image.Size - Math.max(image.SharedSize ?? 0, 0) : undefined;
}

/**
 * The steps the engine will take. `images`: the disk usage's (top-level) images; `parents`: every
 * image and its parent, intermediate ones included, when known (else only the listed ones' links).
 */
export function imagePruneSteps(images: readonly PruneImage[], options: { all: boolean; parents?: readonly { Id: string; ParentId?: string }[] }): ImageStep[] {
  const links = options.parents ?? images;
  const children = new Map<string, string[]>();
  for (const link of links) if (link.ParentId) children.set(link.ParentId, [...(children.get(link.ParentId) ?? []), link.Id]);
  const listed = new Map(images.map((i) => [i.Id, i]));
  const used = (id: string): boolean => (listed.get(id)?.Containers ?? 0) > 0;

  // What each image is left with once the engine has been through its references.
  const left = new Map<string, Ref[]>();
  const untaggedBy = new Map<string, Ref[]>();
  for (const image of images) {
    const refs = refsOf(image);
    // Dangling only: an image with a tag, or with a child image, is not looked at.
    if (!options.all && (refs.some((r) => !r.canonical) || (children.get(image.Id)?.length ?? 0) > 0)) {
      left.set(image.Id, refs);
      continue;
    }
    let current = refs;
    const untagged: Ref[] = [];
    for (const ref of refs) {
      if (!current.some((r) => r.full === ref.full)) continue; // already gone with its tag
      const step = untag(current, ref, used(image.Id));
      if (!step) continue;
      current = step.left;
      untagged.push(...step.untagged);
    }
    left.set(image.Id, current);
    untaggedBy.set(image.Id, untagged);
  }

  // An image goes when it has no reference left, no container, and every child goes too
  // (a child deleted later in the same prune takes its untagged parent with it).
  const goes = new Map<string, boolean>();
  const willGo = (id: string, seen: ReadonlySet<string> = new Set()): boolean => {
    const known = goes.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return false;
    // An image the disk usage does not list is an intermediate one: no reference, and children.
    const refs = left.get(id) ?? [];
    const kids = children.get(id) ?? [];
    const result = refs.length === 0 && !used(id) && kids.every((kid) => willGo(kid, new Set([...seen, id])));
    goes.set(id, result);
    return result;
  };

  const steps: ImageStep[] = [];
  for (const image of images) {
    const containers = Math.max(image.Containers ?? 0, 0);
    const untagged = untaggedBy.get(image.Id) ?? [];
    if (willGo(image.Id)) {
      steps.push({ kind: 'delete', imageId: image.Id, refs: untagged.map((r) => r.familiar), containers, size: uniqueSize(image) });
      continue;
    }
    for (const ref of untagged) steps.push({ kind: 'untag', imageId: image.Id, refs: [ref.familiar], stays: used(image.Id) ? 'used' : 'child', containers });
  }
  return steps;
}
