/**
 * A fleet engine's short name, for the ENGINE column, the `engine:` filter and the status bar:
 * its context's name, else what its address names (`podman` for …/podman.sock, the host of an
 * ssh:// or tcp:// address). Two sockets that would read the same (two `docker.sock`) are told
 * apart by the end of their folders (`a/docker`, `b/docker`), which says which is which where a
 * number would not; anything still alike gets `-2`, `-3` after the first.
 */
export interface NamedTarget {
  context?: string;
  label: string;
}

/** The socket's path, when the address is a unix socket. */
function socketPath(target: NamedTarget): string | undefined {
  if (target.context) return undefined;
  return /^(?:unix:\/\/)?(\/.*)$/.exec(target.label)?.[1];
}

export function shortName(target: NamedTarget): string {
  if (target.context) return target.context;
  const label = target.label;
  const socket = socketPath(target);
  if (socket) {
    const base = socket.split('/').filter(Boolean).pop() ?? 'local';
    return base.replace(/\.sock$/, '') || 'local';
  }
  const remote = /^[a-z]+:\/\/(?:[^@/]+@)?([^/:]+)/.exec(label);
  return remote?.[1] ?? label;
}

/** Names that read apart: a repeated one gets its place (`docker`, `docker-2`). */
export function distinctNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}-${count}`;
  });
}

/**
 * The engines' names, in order: short names, and for sockets that share one, as many of their
 * folders as it takes to tell them apart (`/tmp/a/docker.sock`, `/tmp/b/docker.sock`: `a/docker`,
 * `b/docker`). What is still alike after that (the same address twice) is numbered.
 */
export function memberNames(targets: readonly NamedTarget[]): string[] {
  const names = targets.map(shortName);
  const groups = new Map<string, number[]>();
  names.forEach((name, i) => groups.set(name, [...(groups.get(name) ?? []), i]));
  for (const [name, members] of groups) {
    if (members.length < 2) continue;
    const folders = members.map((i) => {
      const path = socketPath(targets[i] as NamedTarget);
      return path === undefined ? undefined : path.split('/').filter(Boolean).slice(0, -1);
    });
    const sockets = folders.filter((f): f is string[] => f !== undefined);
    const deepest = Math.max(0, ...sockets.map((f) => f.length));
    // The fewest trailing folders that make every socket of the group read apart.
    for (let depth = 1; depth <= deepest; depth++) {
      const tails = sockets.map((f) => f.slice(-depth).join('/'));
      if (new Set(tails).size < tails.length) continue;
      members.forEach((i, k) => {
        const f = folders[k];
        if (f !== undefined && f.length > 0) names[i] = `${f.slice(-depth).join('/')}/${name}`;
      });
      break;
    }
  }
  return distinctNames(names);
}
