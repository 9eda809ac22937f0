/**
 * config.json's "engines": each engine's access, by its context's name, its address (as -H or
 * DOCKER_HOST gives it, or as berth writes it: unix:///…) or its short name in a fleet:
 *
 *   { "engines": { "prod": "protected", "ssh://backup": "read-only" } }
 *
 * read-only: no change is sent to it (every action that changes it says why and does nothing);
 * protected: a change asks for the engine's name to be typed first. Unlisted: read-write.
 */
import type { Access } from './fleet.ts';

export type AccessSettings = Readonly<Record<string, Access>>;

const ACCESS: readonly Access[] = ['read-write', 'read-only', 'protected'];

/** The "engines" setting checked, or what is wrong with it. */
export function parseAccessSettings(raw: unknown): AccessSettings | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return '"engines" must be an object like {"prod": "protected", "ssh://backup": "read-only"}';
  const entries = Object.entries(raw as Record<string, unknown>);
  const bad = entries.find(([, value]) => !ACCESS.includes(value as Access));
  if (bad) return `"engines.${bad[0]}" must be one of ${ACCESS.map((a) => `"${a}"`).join(', ')}`;
  return Object.fromEntries(entries) as AccessSettings;
}

/** An engine's access: by its context, its address, or its short name, the first one listed. */
export function accessFor(settings: AccessSettings | undefined, engine: { context?: string; host: string; name: string }): Access {
  if (!settings) return 'read-write';
  const keys = [engine.context, engine.host, engine.host.replace(/^unix:\/\//, ''), engine.name].filter((k): k is string => k !== undefined);
  for (const key of keys) {
    const access = settings[key];
    if (access !== undefined) return access;
  }
  return 'read-write';
}
