/**
 * A fleet engine's short name, for the ENGINE column, the `engine:` filter and the status bar:
 * its context's name, else what its address names (`podman` for …/podman.sock, the host of an
 * ssh:// or tcp:// address). Two engines that would read the same get `-2`, `-3` after the first.
 */
export function shortName(target: { context?: string; label: string }): string {
  if (target.context) return target.context;
  const label = target.label;
  const socket = /^(?:unix:\/\/)?(\/.*)$/.exec(label);
  if (socket?.[1]) {
    const base = socket[1].split('/').filter(Boolean).pop() ?? 'local';
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
