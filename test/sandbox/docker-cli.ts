/**
 * The docker CLI bound to one sandbox engine. The environment is rebuilt rather than
 * inherited wholesale: a DOCKER_CONTEXT, DOCKER_TLS_VERIFY or DOCKER_CONFIG from the
 * developer's shell would otherwise point the CLI at their real engine or credentials.
 */
import { run } from './exec.ts';
import type { RunOptions } from './exec.ts';

export interface DockerCliOptions {
  input?: string | Buffer;
  timeoutMs?: number;
  env?: Record<string, string>;
}

export type DockerCli = (args: string[], opts?: DockerCliOptions) => Promise<string>;

const SCRUBBED = ['DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH', 'DOCKER_TLS', 'DOCKER_API_VERSION'];

export function dockerCli(bin: string, dockerHost: string, configDir: string): DockerCli {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const k of SCRUBBED) delete base[k];
  Object.assign(base, {
    DOCKER_HOST: dockerHost,
    DOCKER_CONFIG: configDir,
    // The classic builder: BuildKit in 20.10 is a separate code path we do not need and it
    // tries to resolve frontends over the network.
    DOCKER_BUILDKIT: '0',
    DOCKER_CLI_HINTS: 'false',
  });
  return async (args, opts = {}) => {
    const runOpts: RunOptions = { env: { ...base, ...opts.env }, timeoutMs: opts.timeoutMs ?? 120_000 };
    if (opts.input !== undefined) runOpts.input = opts.input;
    const { stdout } = await run(bin, args, runOpts);
    return stdout;
  };
}
