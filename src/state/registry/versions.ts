/**
 * Tags in version order (what reads as a version: tag-version.ts). Tags of one suffix are one
 * family: `1.27-alpine` is never older or newer than `1.29`, only than `1.29-alpine`.
 *
 * Ordering goes through `semver` (its comparison is the well-known one, prereleases below their
 * release): each tag is coerced to `major.minor.patch` with its suffix as a prerelease, so the
 * picker lists `1.27`, `1.27-rc1`, `1.26.3` in that order; what semver cannot see (a fourth
 * number) breaks its ties. This module is loaded when first needed (`await import`, as a
 * registry's tags come), not at start: semver builds its regular expressions as it loads.
 */
// Three of semver's files, not its index (which loads its ranges too).
import SemVer from 'semver/classes/semver.js';
import parse from 'semver/functions/parse.js';
import rcompare from 'semver/functions/rcompare.js';
import { versionOf, type TagVersion } from './tag-version.ts';

export { versionOf, type TagVersion };

/** A semver of the version: its first three numbers, its suffix a prerelease when semver takes it as one. */
function semverOf(v: TagVersion): SemVer {
  const [major = 0, minor = 0, patch = 0] = v.numbers;
  const base = `${major}.${minor}.${patch}`;
  const pre = v.suffix.replace(/^[-_+]/, '').replace(/[^0-9A-Za-z.-]/g, '-');
  return (pre !== '' ? parse(`${base}-${pre}`) : null) ?? new SemVer(base);
}

/** Newest first: semver's order, then a fourth number, then the suffix. */
function compareVersions(a: TagVersion, b: TagVersion): number {
  const bySemver = rcompare(semverOf(a), semverOf(b));
  if (bySemver !== 0) return bySemver;
  for (let i = 3; i < Math.max(a.numbers.length, b.numbers.length); i++) {
    const d = (b.numbers[i] ?? -1) - (a.numbers[i] ?? -1);
    if (d !== 0) return d;
  }
  return a.suffix.localeCompare(b.suffix);
}

/** The tags for a picker: `latest` first, then versions newest first, then the other names alphabetically. */
export function sortTags(tags: readonly string[]): string[] {
  const rank = (tag: string) => (tag === 'latest' ? 0 : versionOf(tag) ? 1 : 2);
  return [...tags].sort((a, b) => {
    const d = rank(a) - rank(b);
    if (d !== 0) return d;
    const va = versionOf(a);
    const vb = versionOf(b);
    if (va && vb) return compareVersions(va, vb) || a.localeCompare(b);
    return a.localeCompare(b);
  });
}

/** Whether `b` is newer than `a` on the numbers both name: `1.27.4` is not newer than `1.27` (that tag follows 1.27.x). */
function newerOnShared(a: TagVersion, b: TagVersion): boolean {
  const n = Math.min(a.numbers.length, b.numbers.length);
  const cut = (v: TagVersion): TagVersion => ({ ...v, numbers: v.numbers.slice(0, n), suffix: '' });
  return compareVersions(cut(b), cut(a)) < 0;
}

/**
 * The newest tag of `tags` that is a newer version than `local` in its own family (same `v`, same
 * suffix), preferring one written with as many numbers as `local` (`1.29` for `1.27`, not
 * `1.29.2`); undefined when `local` is not a version or nothing is newer.
 */
export function newerVersion(local: string, tags: readonly string[]): string | undefined {
  const own = versionOf(local);
  if (!own) return undefined;
  const newer = tags.flatMap((tag) => {
    const v = versionOf(tag);
    return v && v.prefix === own.prefix && v.suffix === own.suffix && newerOnShared(own, v) ? [{ tag, v }] : [];
  });
  const sameShape = newer.filter((n) => n.v.numbers.length === own.numbers.length);
  const pool = sameShape.length > 0 ? sameShape : newer;
  pool.sort((a, b) => compareVersions(a.v, b.v));
  return pool[0]?.tag;
}
