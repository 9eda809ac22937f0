import { EngineError } from './errors.ts';

/** The newest API berth knows, and the oldest it can work with (Podman's compat layer speaks 1.40). */
export const MAX_API_VERSION = '1.51';
export const MIN_API_VERSION = '1.40';

export interface ApiVersion {
  major: number;
  minor: number;
}

export function parseApiVersion(value: string | undefined | null): ApiVersion | undefined {
  const match = /^v?(\d{1,3})\.(\d{1,3})$/.exec((value ?? '').trim());
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]) };
}

export function compareVersions(a: ApiVersion, b: ApiVersion): number {
  return a.major - b.major || a.minor - b.minor;
}

/** True when `apiVersion` is at least `wanted` (an unknown version counts as the oldest). */
export function apiAtLeast(apiVersion: string | undefined, wanted: string): boolean {
  const have = parseApiVersion(apiVersion);
  const want = parseApiVersion(wanted);
  return have !== undefined && want !== undefined && compareVersions(have, want) >= 0;
}

export function formatVersion(v: ApiVersion): string {
  return `${v.major}.${v.minor}`;
}

/**
 * min(berth's maximum, the engine's Api-Version), refusing anything below berth's minimum.
 * An engine that sends no usable Api-Version gets berth's minimum: the safest dialect.
 */
export function negotiateVersion(engineHeader: string | undefined): string {
  const max = parseApiVersion(MAX_API_VERSION)!;
  const min = parseApiVersion(MIN_API_VERSION)!;
  const engine = parseApiVersion(engineHeader);
  if (!engine) return MIN_API_VERSION;
  if (compareVersions(engine, min) < 0) {
    throw new EngineError({
      code: 'VERSION',
      operation: 'negotiate version',
      message: `engine API version ${formatVersion(engine)} is too old: berth needs at least ${MIN_API_VERSION}`,
      hint: 'upgrade the engine',
    });
  }
  return formatVersion(compareVersions(engine, max) < 0 ? engine : max);
}

/** A pinned version (DOCKER_API_VERSION / --api-version) skips negotiation but must still be well formed. */
export function pinnedVersion(value: string, source: PinSource = '--api-version'): string {
  const parsed = parseApiVersion(value);
  if (!parsed) {
    throw new EngineError({ code: 'CONFIG', operation: 'negotiate version', message: `${source} "${value}" must look like 1.41` });
  }
  return formatVersion(parsed);
}

/** Where a pinned version came from, in the words a person would change. */
export type PinSource = '--api-version' | 'DOCKER_API_VERSION';

/**
 * What to do when the engine refuses a pinned version: drop the pin, or pin one that both the
 * engine (`engineMin`–`engineMax`, from its unversioned /version, when known) and berth speak.
 */
export function pinAdvice(source: PinSource, pinned: string, engineMin: string | undefined, engineMax: string | undefined): string {
  const drop = `drop ${source} (berth then negotiates a version)`;
  const lowest = [MIN_API_VERSION, engineMin].map(parseApiVersion).filter((v): v is ApiVersion => v !== undefined).sort(compareVersions).at(-1);
  const highest = [MAX_API_VERSION, engineMax].map(parseApiVersion).filter((v): v is ApiVersion => v !== undefined).sort(compareVersions).at(0);
  if (engineMax === undefined || !lowest || !highest || compareVersions(lowest, highest) > 0) return `${source} pins ${pinned}: ${drop}`;
  const range = compareVersions(lowest, highest) === 0 ? formatVersion(lowest) : `one from ${formatVersion(lowest)} to ${formatVersion(highest)}`;
  return `${source} pins ${pinned}: ${drop} or pin ${range}`;
}
