/**
 * Which compose CLI the user has: the docker CLI's plugin (`docker compose`, v2) when it
 * answers, else the standalone `docker-compose` (v1, or v2's compatibility binary). Each is asked
 * `version --short`, which both understand and which needs no engine. A found CLI is remembered
 * for the session (per PATH); not finding one is asked again next time (it may be installed
 * meanwhile).
 */
import { execFile } from 'node:child_process';

export interface ComposeCli {
  /** The program, and what comes before compose's own arguments (`compose` for the plugin). */
  command: string;
  prefix: readonly string[];
  /** How berth names it: "docker compose" or "docker-compose". */
  label: string;
  version: string;
}

export type CliLookup = { ok: true; cli: ComposeCli } | { ok: false; reason: string };

const CANDIDATES: ReadonlyArray<Omit<ComposeCli, 'version'>> = [
  { command: 'docker', prefix: ['compose'], label: 'docker compose' },
  { command: 'docker-compose', prefix: [], label: 'docker-compose' },
];

const ASK_TIMEOUT_MS = 15_000;
export const NO_COMPOSE_CLI = 'no compose CLI here: neither `docker compose` (the docker CLI’s plugin) nor `docker-compose` answers on PATH';

const found = new Map<string, ComposeCli>();

function versionOf(candidate: Omit<ComposeCli, 'version'>, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(candidate.command, [...candidate.prefix, 'version', '--short'], { env, timeout: ASK_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
      const version = stdout.trim().split('\n')[0]?.trim() ?? '';
      resolve(error || version === '' ? undefined : version.replace(/^v/, ''));
    });
  });
}

export async function findComposeCli(env: NodeJS.ProcessEnv = process.env): Promise<CliLookup> {
  const key = env.PATH ?? '';
  const known = found.get(key);
  if (known) return { ok: true, cli: known };
  for (const candidate of CANDIDATES) {
    const version = await versionOf(candidate, env);
    if (version === undefined) continue;
    const cli = { ...candidate, version };
    found.set(key, cli);
    return { ok: true, cli };
  }
  return { ok: false, reason: NO_COMPOSE_CLI };
}
