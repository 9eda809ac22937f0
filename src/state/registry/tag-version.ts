/**
 * Tags that read as versions, as people name image tags: `1.27`, `v2.0.3`, `3.19.1-alpine`,
 * `1.27-bookworm`. A tag is a version when it starts with a number (an optional `v` before) and
 * whatever follows the numbers is nothing or a suffix after `-`, `_` or `+`: `1a2b3c` (a commit)
 * is not one. Without semver (versions.ts orders them), so reading one costs nothing at start.
 */
export interface TagVersion {
  /** `v` or nothing: `v1.2` and `1.2` are different families. */
  prefix: string;
  numbers: readonly number[];
  /** What follows the numbers (`-alpine`), or ''. */
  suffix: string;
}

const VERSION = /^(v?)(\d{1,9}(?:\.\d{1,9})*)([-_+].*)?$/;

/** The tag's version, or undefined when it does not read as one (`latest`, `stable`, a commit). */
export function versionOf(tag: string): TagVersion | undefined {
  const match = VERSION.exec(tag);
  if (!match) return undefined;
  return { prefix: match[1] ?? '', numbers: (match[2] ?? '').split('.').map(Number), suffix: match[3] ?? '' };
}
