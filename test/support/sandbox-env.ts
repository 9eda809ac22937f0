/**
 * How integration and e2e tests find the sandbox engine: through environment variables set
 * by test/run.ts (or exported by hand from `npm run sandbox`). Missing variables are an
 * error, never a skip — an integration suite that silently skips looks exactly like one
 * that passes.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { SANDBOX_ENV } from '../sandbox/env-vars.ts';
import type { SandboxEnvKey } from '../sandbox/env-vars.ts';

export interface SandboxEnv {
  /** `unix:///…/docker.sock` */
  dockerHost: string;
  /** The socket path inside dockerHost. */
  socketPath: string;
  dir: string;
  registry: { address: string; username: string; password: string };
  images: { busybox: string; registryBusybox: string; multiLayer: string };
  /** Dir with a config.json holding `auths` for the sandbox registry. */
  clientConfigDir: string;
  /** docker CLI binary matching the engine (falls back to `docker` on PATH). */
  dockerCli: string;
  /**
   * Which engine DOCKER_HOST is: `podman` when test/run.ts runs a file on Podman (--engine=podman).
   * Tests mark with it what Podman does differently, rather than skipping.
   */
  engine: 'docker' | 'podman';
  /** The engine over the sandbox's sshd: `ssh://berth-sandbox` and the BERTH_SSH_COMMAND it needs. */
  ssh: { host: string; command: string } | undefined;
}

const REQUIRED: readonly SandboxEnvKey[] = [
  'dockerHost',
  'dir',
  'registry',
  'registryUser',
  'registryPassword',
  'busybox',
  'registryBusybox',
  'multiLayer',
  'clientConfig',
];

export function sandboxEnv(): SandboxEnv {
  const missing = REQUIRED.map((k) => SANDBOX_ENV[k]).filter((name) => !process.env[name]);
  if (missing.length > 0) {
    throw new Error(
      `This test needs the berth test sandbox, but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set.\n` +
        'Run it through `npm test` (test/run.ts starts a sandbox), or start `npm run sandbox` in another ' +
        'shell and export the variables it prints.',
    );
  }
  const get = (k: SandboxEnvKey): string => process.env[SANDBOX_ENV[k]] ?? '';
  const dockerHost = get('dockerHost');
  if (!dockerHost.startsWith('unix://')) {
    throw new Error(`${SANDBOX_ENV.dockerHost}=${dockerHost} is not the sandbox's unix socket`);
  }
  return {
    dockerHost,
    socketPath: dockerHost.slice('unix://'.length),
    dir: get('dir'),
    registry: { address: get('registry'), username: get('registryUser'), password: get('registryPassword') },
    images: { busybox: get('busybox'), registryBusybox: get('registryBusybox'), multiLayer: get('multiLayer') },
    clientConfigDir: get('clientConfig'),
    dockerCli: get('dockerCli') || 'docker',
    engine: get('engine') === 'podman' ? 'podman' : 'docker',
    ssh: get('sshHost') && get('sshCommand') ? { host: get('sshHost'), command: get('sshCommand') } : undefined,
  };
}

/**
 * Runs the docker CLI against the sandbox engine, logged in to its registry (the sandbox's
 * own CLI config dir). Resolves with stdout; rejects with an Error carrying stderr.
 */
export function sandboxDocker(args: string[], opts: { configDir?: string; timeoutMs?: number } = {}): Promise<string> {
  const env = sandboxEnv();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DOCKER_HOST: env.dockerHost,
    DOCKER_CONFIG: opts.configDir ?? path.join(env.dir, 'docker-config'),
    DOCKER_BUILDKIT: '0',
  };
  for (const k of ['DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH']) delete childEnv[k];
  return new Promise((resolve, reject) => {
    execFile(
      env.dockerCli,
      args,
      { env: childEnv, timeout: opts.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`docker ${args.join(' ')} failed: ${stderr.trim() || err.message}`));
        else resolve(stdout);
      },
    );
  });
}
